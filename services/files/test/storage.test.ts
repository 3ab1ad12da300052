// The storage contract against each engine: the folder here, S3 when an endpoint is given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { FolderStorage } from '../src/adapters/folder-storage.ts';
import { S3Storage } from '../src/adapters/s3-storage.ts';
import { storageContract } from './storage-contract.ts';

test('folder storage keeps the contract', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'dk-files-storage-'));
  try {
    await storageContract(t, new FolderStorage(dir));
    assert.deepEqual(await readdir(dir), [], 'an emptied file leaves no folder behind');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('folder storage refuses keys it did not make', async () => {
  const storage = new FolderStorage(tmpdir());
  await assert.rejects(storage.get('../../etc/passwd'), /not a storage key/);
  await assert.rejects(storage.put(`${randomUUID()}/../x`, Buffer.from('x')), /not a storage key/);
});

// S3_TEST_ENDPOINT (e.g. http://127.0.0.1:9000 for MinIO), with S3_TEST_BUCKET (an existing
// bucket), S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY.
const s3Endpoint = process.env.S3_TEST_ENDPOINT;
const s3Skip = s3Endpoint ? false : 'S3_TEST_ENDPOINT is not set: no S3-compatible store to test against';
if (s3Skip) console.log(`skipping the S3 storage contract: ${s3Skip}`);

test('S3 storage keeps the contract', { skip: s3Skip }, async (t) => {
  const storage = new S3Storage({
    endpoint: s3Endpoint!,
    region: process.env.S3_TEST_REGION ?? 'us-east-1',
    bucket: process.env.S3_TEST_BUCKET ?? 'darmankar-test',
    accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? 'minioadmin',
    secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? 'minioadmin',
    forcePathStyle: true,
    prefix: `test-${randomUUID()}/`,
  });
  try {
    await storageContract(t, storage);
  } finally {
    storage.close();
  }
});
