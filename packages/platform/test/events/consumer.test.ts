import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { handleOnce } from '../../src/events/consumer.ts';
import { inPgTransaction, pgExecutor } from '../../src/events/executor.ts';
import { createTestDatabase, type TestDatabase } from '../../src/testing.ts';
import { effectsTable } from './effects.ts';
import { platformMigrations, uniqueTopic, userRegistered } from './support.ts';

describe('handleOnce', () => {
  let service: TestDatabase;
  let pool: pg.Pool;
  const topic = uniqueTopic('consumer');

  before(async () => {
    service = await createTestDatabase('events', platformMigrations);
    pool = new pg.Pool({ connectionString: service.url });
    await pool.query(effectsTable);
  });
  after(async () => {
    await pool?.end();
    await service?.drop();
  });

  const apply = (group: string, event = userRegistered(topic, 'user-1', 1), fail = false) =>
    inPgTransaction(pool, (client) =>
      handleOnce(pgExecutor(client), group, event, async (message) => {
        await client.query('INSERT INTO effects (event_id) VALUES ($1)', [message.id]);
        if (fail) throw new Error('handler failed after its effect');
      }),
    );
  const effectsOf = async (id: string) =>
    Number((await pool.query('SELECT count(*) AS c FROM effects WHERE event_id = $1', [id])).rows[0].c);

  test('a redelivered event is skipped', async () => {
    const event = userRegistered(topic, 'user-1', 1);
    assert.equal(await apply('notification', event), true);
    assert.equal(await apply('notification', event), false);
    assert.equal(await effectsOf(event.id), 1);
  });

  test('each consumer group handles the event once', async () => {
    const event = userRegistered(topic, 'user-2', 2);
    assert.equal(await apply('notification', event), true);
    assert.equal(await apply('search', event), true);
    assert.equal(await effectsOf(event.id), 2);
  });

  test('a failed handler leaves no trace, so the retry applies it', async () => {
    const event = userRegistered(topic, 'user-3', 3);
    await assert.rejects(apply('notification', event, true), /handler failed/);
    assert.equal(await effectsOf(event.id), 0);
    const recorded = await pool.query('SELECT 1 FROM processed_events WHERE event_id = $1', [event.id]);
    assert.equal(recorded.rowCount, 0);
    assert.equal(await apply('notification', event), true);
    assert.equal(await effectsOf(event.id), 1);
  });

  test('two concurrent deliveries apply the event once', async () => {
    const event = userRegistered(topic, 'user-4', 4);
    const results = await Promise.all([apply('notification', event), apply('notification', event)]);
    assert.deepEqual(results.sort(), [false, true]);
    assert.equal(await effectsOf(event.id), 1);
  });
});
