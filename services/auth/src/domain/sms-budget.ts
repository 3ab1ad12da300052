// The global SMS budget: every SMS of every replica counts against one number per clock
// hour. Past it, the breaker is open until the next hour: nothing is sent, and the alert is
// logged once (by the one send that tripped it), so a flood of requests, whatever their
// addresses and numbers, costs at most the budget.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Logger } from '@darmankar/platform/log';
import type { SmsMessage, SmsSender } from '@darmankar/platform/messaging';
import type { Database } from '../db/client.ts';
import { HOUR_MS, type Clock } from './clock.ts';
import { SMS_PAUSED } from './exc.ts';

export class SmsBudget {
  constructor(
    private readonly db: Database,
    private readonly perHour: number,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Counts one SMS; throws SMS_PAUSED when this hour's budget is already spent. */
  async charge(kind: string): Promise<void> {
    const hour = new Date(Math.floor(this.clock() / HOUR_MS) * HOUR_MS);
    const [row] = await this.db.$queryRaw<{ count: number }[]>`
      INSERT INTO sms_hourly_counts (hour, count) VALUES (${hour}, 1)
      ON CONFLICT (hour) DO UPDATE SET count = sms_hourly_counts.count + 1
      RETURNING count`;
    const sent = row!.count;
    if (sent <= this.perHour) return;
    if (sent === this.perHour + 1) {
      this.log.error(
        { alert: 'sms-budget-exhausted', budgetPerHour: this.perHour, hour: hour.toISOString(), kind },
        'SMS budget of this hour is spent: sending is paused until the next hour',
      );
    }
    throw new DomainError(SMS_PAUSED);
  }
}

/** An SmsSender that charges the budget before each message reaches the provider. */
export class BudgetedSms implements SmsSender {
  constructor(
    private readonly budget: SmsBudget,
    private readonly provider: SmsSender,
  ) {}

  async send(message: SmsMessage, signal?: AbortSignal): Promise<void> {
    await this.budget.charge(message.code === undefined ? 'notice' : 'code');
    await this.provider.send(message, signal);
  }
}
