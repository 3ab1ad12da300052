// The Redis `make test` starts when none answers at 127.0.0.1:6379 (scripts/lib/redis.mjs):
// a private redis-server on a free port that answers PING until stopped, and a clear error
// instead of a run without Redis.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { redisAnswers } from '../lib/postgres.mjs';
import { REDIS_SERVER, startRedisServer } from '../lib/redis.mjs';

describe('the Redis of make test', () => {
  test('a private redis-server answers PING on its own port until it is stopped', async () => {
    assert.ok(existsSync(REDIS_SERVER), `${REDIS_SERVER} is not installed (apt-get install -y redis-server)`);
    const server = await startRedisServer();
    try {
      assert.notEqual(server.port, 6379);
      assert.equal(server.url, `redis://127.0.0.1:${server.port}`);
      assert.equal(await redisAnswers(server.port), true);
    } finally {
      await server.stop();
    }
    assert.equal(await redisAnswers(server.port), false, 'stopped');
  });

  test('a binary that cannot start is an error that names it, not a run without Redis', async () => {
    await assert.rejects(
      startRedisServer({ binary: '/nonexistent/redis-server', readyWithinMs: 5_000 }),
      /\/nonexistent\/redis-server on port \d+ exited/,
    );
  });
});
