// The built-in provider for test mode: it keeps its own book in billing's database, sends the
// payer to the web's /payments/sandbox/{authority} page, and confirms what that page decided.
// Its verify answers as Zarinpal's does, from its book, whoever asks and however often: not
// decided or cancelled is not paid, approved is paid once and "already verified" after, an
// unknown authority is not paid. It takes no money, so production refuses it (config.ts).
import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database } from '../db/client.ts';
import type { PaymentProvider, PaymentRequest, PaymentStarted, Verification } from '../domain/payment-provider.ts';

export interface SandboxPage {
  amountRials: number;
  description: string;
  decided: boolean;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the sandbox page shows. */
  page(authority: string): Promise<SandboxPage>;
  /** The page's pay or cancel button, once: answers where to send the payer (the callback with Authority and Status). */
  decide(authority: string, approve: boolean): Promise<string>;
}

export function createSandboxProvider(db: Database, publicWebUrl: string, clock: Clock): SandboxProvider {
  const web = publicWebUrl.replace(/\/+$/, '');
  const find = async (authority: string) => {
    const row = authority ? await db.sandboxPayment.findUnique({ where: { authority } }) : null;
    if (!row) throw new DomainError('EXC_FINANCE_PAYMENT_NOT_FOUND');
    return row;
  };

  return {
    name: 'sandbox',
    async request(payment: PaymentRequest): Promise<PaymentStarted> {
      // Shaped like Zarinpal's 36-character authorities, marked S for sandbox.
      const authority = `S${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}`;
      await db.sandboxPayment.create({
        data: {
          authority,
          amountRials: BigInt(payment.amountRials),
          description: payment.description,
          callbackUrl: payment.callbackUrl,
          reference: String(randomInt(100_000_000, 999_999_999)),
          createdAt: new Date(clock()),
        },
      });
      return { authority, redirectUrl: `${web}/payments/sandbox/${authority}` };
    },
    async verify(authority: string, amountRials: number): Promise<Verification> {
      return db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<
          { decision: string | null; amount: bigint; verified: Date | null; reference: string }[]
        >`
          SELECT decision, amount_rials AS amount, verified_at AS verified, reference FROM sandbox_payments WHERE authority = ${authority} FOR UPDATE`;
        const row = rows[0];
        // Zarinpal's codes and order for the same cases: -54 unknown authority, -50 amount
        // differs, -51 not paid (not decided yet, or cancelled).
        if (!row) return { paid: false, code: '-54' } as const;
        if (row.amount !== BigInt(amountRials)) return { paid: false, code: '-50' } as const;
        if (row.decision !== 'approved') return { paid: false, code: '-51' } as const;
        if (row.verified)
          return { paid: true, alreadyVerified: true, reference: row.reference, card: '502229******5995' } as const;
        await tx.sandboxPayment.update({ where: { authority }, data: { verifiedAt: new Date(clock()) } });
        return { paid: true, alreadyVerified: false, reference: row.reference, card: '502229******5995' } as const;
      });
    },
    async page(authority: string): Promise<SandboxPage> {
      const row = await find(authority);
      return { amountRials: Number(row.amountRials), description: row.description, decided: row.decision !== null };
    },
    async decide(authority: string, approve: boolean): Promise<string> {
      const row = await find(authority);
      const decided = await db.sandboxPayment.updateMany({
        where: { authority, decision: null },
        data: { decision: approve ? 'approved' : 'cancelled' },
      });
      if (decided.count !== 1) throw new DomainError('EXC_FINANCE_SANDBOX_PAYMENT_ALREADY_DECIDED');
      const back = new URL(row.callbackUrl);
      back.searchParams.set('Authority', authority);
      back.searchParams.set('Status', approve ? 'OK' : 'NOK');
      return back.toString();
    },
  };
}
