// A consumer process for the crash test: it applies `CRASH_AFTER` events, then hangs inside
// the next handler (mid-batch, offsets not committed) until the test kills it.
import pg from 'pg';
import { createEventBus } from '../../src/events/index.ts';
import { countingEffectHandler } from './effects.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const crashAfter = Number(env('CRASH_AFTER'));
const pool = new pg.Pool({ connectionString: env('SERVICE_DATABASE_URL') });
const bus = await createEventBus({
  kafkaBrokers: process.env.KAFKA_BROKERS,
  eventsDatabaseUrl: env('EVENTS_DATABASE_URL'),
});
const effects = countingEffectHandler(pool, env('GROUP'));
await bus.subscribe({
  group: env('GROUP'),
  topics: [env('TOPIC')],
  handler: async (message) => {
    if (effects.applied === crashAfter) await new Promise(() => {});
    await effects.handle(message);
  },
});
