// Settles provider payments left pending: a verify that timed out, a browser that never came
// back, a service that stopped between the provider's confirmation and the order's completion.
// Each is verified with the provider exactly as the payer's return would (payments.ts), and one
// the provider still does not confirm after the payment window is failed. Runs may overlap (two
// replicas, a run beside a late browser return): the settlement's payment-row lock and the
// conditional failure let one of them act and the others find it done (docs/billing.md).
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { Database, PaymentRow } from '../db/client.ts';
import type { PaymentSettlement } from './payments.ts';

const BATCH = 100;

export interface ReconciliationOptions {
  /** RECONCILE_MIN_AGE_MS: younger payments are left to the payer's browser. */
  minAgeMs: number;
  /** PAYMENT_WINDOW_MS: older payments the provider does not confirm are failed. */
  windowMs: number;
}

/** One run's counts, logged and answered to tests. */
export interface ReconcileSummary {
  /** Pending provider payments looked at. */
  checked: number;
  /** Orders completed. */
  completed: number;
  /** Top-ups credited to the wallet. */
  credited: number;
  /** Confirmed payments their order could no longer take, credited to the wallet (ADR 022). */
  unmatched: number;
  /** Failed: not confirmed within the payment window. */
  failed: number;
  /** Still not confirmed, inside the window: asked again next run. */
  pending: number;
  /** The provider could not be reached: asked again next run. */
  unreachable: number;
  /** Settled meanwhile by someone else (a submit, another run): nothing done here. */
  settledElsewhere: number;
  /** Could not be settled for another reason (logged): asked again next run, the others go on. */
  errors: number;
}

const emptySummary = (): ReconcileSummary => ({
  checked: 0,
  completed: 0,
  credited: 0,
  unmatched: 0,
  failed: 0,
  pending: 0,
  unreachable: 0,
  settledElsewhere: 0,
  errors: 0,
});

export class Reconciliation {
  constructor(
    private readonly db: Database,
    private readonly settlement: PaymentSettlement,
    private readonly clock: Clock,
    private readonly options: ReconciliationOptions,
    private readonly log: Logger,
  ) {}

  /** One pass over every provider payment pending since before the minimum age, oldest first. */
  async run(): Promise<ReconcileSummary> {
    const summary = emptySummary();
    const cutoff = new Date(this.clock() - this.options.minAgeMs);
    // Keyset paging: a payment left pending is not read twice in one run.
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows: PaymentRow[] = await this.db.payment.findMany({
        where: {
          status: 'pending',
          method: 'gateway',
          createdAt: { lte: cutoff },
          ...(after && {
            OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
          }),
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: BATCH,
      });
      for (const row of rows) {
        try {
          await this.reconcile(row, summary);
        } catch (error) {
          // One payment that cannot be settled must not hold back the ones after it.
          summary.errors++;
          this.log.error({ err: error, paymentId: row.id }, 'reconciliation: payment could not be settled');
        }
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
    const level = summary.checked > 0 ? 'info' : 'debug';
    this.log[level](summary, 'payment reconciliation');
    return summary;
  }

  private async reconcile(payment: PaymentRow, summary: ReconcileSummary): Promise<void> {
    summary.checked++;
    const pastWindow = this.clock() - payment.createdAt.getTime() >= this.options.windowMs;
    // No authority: the service stopped before the provider's answer was kept, so the payer was
    // never sent to pay. Nothing to ask; failed once the window has passed like any other.
    if (payment.authority === null) {
      if (pastWindow) await this.fail(payment, summary, 'no authority');
      else summary.pending++;
      return;
    }
    let result;
    try {
      result = await this.settlement.verify(payment);
    } catch (error) {
      if (!(error instanceof DomainError && error.codes.includes('EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE')))
        throw error;
      this.log.warn({ paymentId: payment.id }, 'reconciliation: payment provider unreachable; left pending');
      summary.unreachable++;
      return;
    }
    const { verification, settled } = result;
    if (verification.paid) {
      if (settled === 'completed') summary.completed++;
      else if (settled === 'credited') summary.credited++;
      else if (settled === 'unmatched') summary.unmatched++;
      else summary.settledElsewhere++;
      return;
    }
    if (pastWindow) await this.fail(payment, summary, verification.code);
    else summary.pending++;
  }

  /**
   * Failed only if still pending: a settlement that got the payment's lock first wins, and one
   * that comes after finds it failed and credits the money to the wallet (payments.ts), so a
   * confirmation racing this is never lost.
   */
  private async fail(payment: PaymentRow, summary: ReconcileSummary, code: string): Promise<void> {
    const failed = await this.db.payment.updateMany({
      where: { id: payment.id, status: 'pending' },
      data: { status: 'failed', completedAt: new Date(this.clock()) },
    });
    if (failed.count === 1) {
      summary.failed++;
      this.log.info({ paymentId: payment.id, code }, 'reconciliation: payment not confirmed within the window; failed');
    } else summary.settledElsewhere++;
  }
}
