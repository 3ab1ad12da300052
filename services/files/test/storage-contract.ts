// What every storage engine must do; storage.test.ts runs it against the folder always and
// against S3 when S3_TEST_ENDPOINT is set.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestContext } from 'node:test';
import type { FileStorage } from '../src/domain/storage.ts';
import { objectKey, objectKeys } from '../src/domain/storage.ts';

export async function storageContract(t: TestContext, storage: FileStorage): Promise<void> {
  const id = randomUUID();
  const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);

  await t.test('a missing key reads as undefined', async () => {
    assert.equal(await storage.get(objectKey(randomUUID())), undefined);
  });
  await t.test('put then get returns the same bytes', async () => {
    await storage.put(objectKey(id), bytes, 'application/octet-stream');
    assert.deepEqual(await storage.get(objectKey(id)), bytes);
  });
  await t.test('put replaces what was there', async () => {
    await storage.put(objectKey(id), Buffer.from('second'), 'text/plain');
    assert.deepEqual(await storage.get(objectKey(id)), Buffer.from('second'));
  });
  await t.test("a file's widths are separate objects", async () => {
    await storage.put(objectKey(id, 64), Buffer.from('w64'), 'image/webp');
    assert.deepEqual(await storage.get(objectKey(id, 64)), Buffer.from('w64'));
    assert.deepEqual(await storage.get(objectKey(id)), Buffer.from('second'));
  });
  await t.test('delete removes every key and ignores missing ones', async () => {
    await storage.delete(objectKeys(id, [64, 128]));
    assert.equal(await storage.get(objectKey(id)), undefined);
    assert.equal(await storage.get(objectKey(id, 64)), undefined);
    await storage.delete([objectKey(randomUUID())]);
  });
}
