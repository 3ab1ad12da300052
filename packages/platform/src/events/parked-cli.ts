// Operator commands for the consumers' parked events, run against one service's database:
//   DATABASE_URL=… node --import tsx packages/platform/src/events/parked-cli.ts list [group]
//   DATABASE_URL=… KAFKA_BROKERS=…|EVENTS_DATABASE_URL=… … parked-cli.ts replay <group> [topic] [key]
//   DATABASE_URL=… … parked-cli.ts discard <group> <event-id>…
// Outbox rows parked by the relay: see requeueParked / discardParked (docs/events.md).
import pg from 'pg';
import { createEventBus } from './index.ts';
import { discardParkedEvents, listParkedEvents, replayParkedEvents } from './parked.ts';

const [command, group, ...rest] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !['list', 'replay', 'discard'].includes(command ?? '') || (command !== 'list' && !group)) {
  console.error(
    'usage: DATABASE_URL=… parked-cli.ts list [group] | replay <group> [topic] [key] | discard <group> <event-id>…',
  );
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
try {
  if (command === 'list') {
    const rows = await listParkedEvents(pool, { group });
    console.table(
      rows.map(
        ({
          id,
          consumer_group,
          topic,
          partition,
          offset,
          key,
          event_id,
          type,
          attempts,
          held_behind,
          status,
          error,
          parked_at,
        }) => ({
          id,
          group: consumer_group,
          topic,
          partition,
          offset,
          key,
          event_id,
          type,
          attempts,
          held_behind,
          status,
          error: error.slice(0, 80),
          parked_at: parked_at.toISOString(),
        }),
      ),
    );
  } else if (command === 'replay') {
    const bus = await createEventBus({
      kafkaBrokers: process.env.KAFKA_BROKERS,
      eventsDatabaseUrl: process.env.EVENTS_DATABASE_URL ?? '',
    });
    try {
      console.log(
        `${await replayParkedEvents(pool, bus, { group: group!, topic: rest[0], key: rest[1] })} events republished for ${group}`,
      );
    } finally {
      await bus.close();
    }
  } else {
    console.log(`${await discardParkedEvents(pool, group!, rest)} events discarded for ${group}`);
  }
} finally {
  await pool.end();
}
