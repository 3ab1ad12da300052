import { createTestDatabase } from '../../src/testing.ts';
import { connectPgLog } from '../../src/events/pglog.ts';
import { eventBusContract } from './bus-contract.ts';

eventBusContract('Postgres log', async () => {
  const events = await createTestDatabase('events');
  return {
    connect: (options) => connectPgLog({ connectionString: events.url, pollIntervalMs: 500, ...options }),
    childEnv: { EVENTS_DATABASE_URL: events.url, KAFKA_BROKERS: '' },
    teardown: () => events.drop(),
  };
});
