import type { BusMessage } from './bus.ts';
import type { SqlExecutor } from './executor.ts';

/**
 * Handles an event at most once per consumer group. Call it inside the transaction that
 * applies the handler's effects, with that transaction's executor: the event is recorded
 * in `processed_events` in the same transaction, so a redelivered event (the bus delivers
 * at least once) is skipped, and a handler that throws leaves no record and is retried.
 * Answers true when the handler ran, false when the event had already been handled.
 */
export async function handleOnce(
  exec: SqlExecutor,
  group: string,
  message: BusMessage,
  handler: (message: BusMessage) => Promise<void>,
): Promise<boolean> {
  // A concurrent delivery of the same event waits on this row's key until the first commits.
  const inserted = await exec(
    `INSERT INTO processed_events (consumer_group, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [group, message.id],
  );
  if (inserted === 0) return false;
  await handler(message);
  return true;
}
