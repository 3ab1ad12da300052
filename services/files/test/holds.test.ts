// Holds: a file kept for a holder (an application's copy of a resume) whatever its claimer
// does, through the files service's gRPC and through FileClaims, the adapter other services use.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createFileClaims, type FileClaims } from '@darmankar/platform/file-claims';
import type { TestDatabase } from '@darmankar/platform/testing';
import { testCallerSigner, testClock } from '@darmankar/platform/testing';
import { FileCategory } from '@darmankar/proto/files/v1/files_pb';
import { createFilesTestDatabase, pdf, rejectsWith, startTestFiles, storedObjects, type TestFiles } from './helpers.ts';

const DAY = 24 * 3600_000;
const clock = testClock(Date.UTC(2026, 2, 1, 8, 0, 0));

let database: TestDatabase;
let files: TestFiles;
let claims: FileClaims & { close(): void };

before(async () => {
  database = await createFilesTestDatabase();
  files = await startTestFiles(database, {}, { clock });
  claims = createFileClaims(`127.0.0.1:${files.service.port}`, testCallerSigner());
});
after(async () => {
  claims.close();
  await files.stop();
  await database.drop();
});

/** A custom resume of `owner`, claimed by their resume as the resume service does. */
async function claimedResume(owner: string, claimer = `resume:${randomUUID()}:custom`) {
  const content = pdf(1234);
  const { id } = await files.client.uploadFile(
    { category: FileCategory.CUSTOM_RESUME, fileName: 'رزومه من.pdf', content },
    { userId: owner },
  );
  await claims.claim({ fileId: id, ownerUserId: owner, category: 'CUSTOM_RESUME', claimer });
  return { id, claimer, content };
}

const exists = async (fileId: string) => (await files.db.file.count({ where: { id: fileId } })) === 1;

test('a hold answers what the file is and is recorded once however often it is repeated', async () => {
  const owner = randomUUID();
  const { id } = await claimedResume(owner);
  const held = await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:a1' });
  assert.deepEqual(held, { mediaType: 'application/pdf', sizeBytes: 1234, fileName: 'رزومه من.pdf' });

  clock.advance(60_000);
  assert.deepEqual(await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:a1' }), held);
  const holds = await files.db.fileHold.findMany({ where: { fileId: id } });
  assert.equal(holds.length, 1, 'holding again with the same holder is a no-op');
  assert.equal(holds[0]!.heldAt.getTime(), clock() - 60_000, 'the first hold keeps its time');

  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:a2' });
  assert.equal(await files.db.fileHold.count({ where: { fileId: id } }), 2, 'another holder is a second hold');
});

test("a hold of another user's file, of a missing file or of no id is refused as not found", async () => {
  const owner = randomUUID();
  const { id } = await claimedResume(owner);
  await rejectsWith(
    files.client.holdFile({ fileId: id, ownerUserId: randomUUID(), holder: 'hiring:x' }),
    'EXC_FILES_NOT_FOUND',
  );
  await rejectsWith(
    files.client.holdFile({ fileId: randomUUID(), ownerUserId: owner, holder: 'hiring:x' }),
    'EXC_FILES_NOT_FOUND',
  );
  await rejectsWith(
    files.client.holdFile({ fileId: 'not-an-id', ownerUserId: owner, holder: 'hiring:x' }),
    'EXC_FILES_NOT_FOUND',
  );
  await rejectsWith(files.client.holdFile({ fileId: id, ownerUserId: owner, holder: '  ' }), 'EXC_BAD_REQUEST');
  await rejectsWith(files.client.releaseHold({ fileId: 'not-an-id', holder: 'hiring:x' }), 'EXC_FILES_NOT_FOUND');
  assert.equal(await files.db.fileHold.count({ where: { fileId: id } }), 0, 'nothing was held');
});

test("a held file survives its claimer's release and the purge, stays readable and cannot be deleted", async () => {
  clock.advance(2 * DAY);
  await files.service.purge(); // what earlier tests left
  const owner = randomUUID();
  const { id, claimer, content } = await claimedResume(owner);
  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:b1' });

  // The resume lets its custom resume go (replaced by another): the application still has it.
  await claims.release({ fileId: id, claimer, actingUserId: owner });
  assert.equal((await files.db.file.findUniqueOrThrow({ where: { id } })).unclaimedSince, null);
  clock.advance(3 * DAY);
  assert.equal(await files.service.purge(), 0);
  assert.ok(await exists(id));
  assert.ok((await storedObjects(files.dir)).some((key) => key.startsWith(id)));

  await rejectsWith(files.client.deleteFile({ fileId: id }, { userId: owner }), 'EXC_FILES_CANNOT_REMOVE');
  assert.ok(await exists(id));

  const link = await claims.issueReadLink({ fileId: id, ttlSeconds: 60, actingUserId: owner });
  const url = new URL(link.path, 'http://x');
  const read = await files.client.readSignedFile({
    fileId: id,
    expiresAtSeconds: BigInt(url.searchParams.get('expires')!),
    signature: url.searchParams.get('signature')!,
  });
  assert.deepEqual(Buffer.from(read.content), content);
  assert.equal(read.fileName, 'رزومه من.pdf');
});

test('a file held before anything claims it is not purged either', async () => {
  const owner = randomUUID();
  const { id } = await files.client.uploadFile(
    { category: FileCategory.CUSTOM_RESUME, fileName: 'cv.pdf', content: pdf() },
    { userId: owner },
  );
  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:c1' });
  clock.advance(2 * DAY);
  await files.service.purge();
  assert.ok(await exists(id));
});

test('releasing the last hold of an unclaimed file lets the purge take it a day later', async () => {
  clock.advance(2 * DAY);
  await files.service.purge();
  const owner = randomUUID();
  const { id, claimer } = await claimedResume(owner);
  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:d1' });
  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:d2' });
  await claims.release({ fileId: id, claimer, actingUserId: owner });

  await claims.releaseHold({ fileId: id, holder: 'hiring:d1', actingUserId: owner });
  clock.advance(2 * DAY);
  assert.equal(await files.service.purge(), 0, 'one hold is left');
  assert.ok(await exists(id));

  await claims.releaseHold({ fileId: id, holder: 'hiring:d2', actingUserId: owner });
  await claims.releaseHold({ fileId: id, holder: 'hiring:d2', actingUserId: owner }); // a retry: a no-op
  clock.advance(DAY - 1);
  assert.equal(await files.service.purge(), 0, 'not yet a day after the last release');
  clock.advance(1);
  assert.equal(await files.service.purge(), 1);
  assert.equal(await exists(id), false);
  assert.deepEqual(
    (await storedObjects(files.dir)).filter((key) => key.startsWith(id)),
    [],
  );
  // Released and purged: a retried release is still harmless.
  await claims.releaseHold({ fileId: id, holder: 'hiring:d2', actingUserId: owner });
});

test('releasing the last hold of a claimed file leaves it to its claimer', async () => {
  const owner = randomUUID();
  const { id, claimer } = await claimedResume(owner);
  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:e1' });
  await claims.releaseHold({ fileId: id, holder: 'hiring:e1', actingUserId: owner });
  clock.advance(2 * DAY);
  await files.service.purge();
  assert.ok(await exists(id), 'still claimed');
  const row = await files.db.file.findUniqueOrThrow({ where: { id } });
  assert.equal(row.claimedBy, claimer);
  assert.equal(row.unclaimedSince, null);

  // Then the claimer lets go: the usual day, and it is gone.
  await claims.release({ fileId: id, claimer, actingUserId: owner });
  clock.advance(DAY);
  await files.service.purge();
  assert.equal(await exists(id), false);
});

test('an unheld, released file can be deleted by its owner again', async () => {
  const owner = randomUUID();
  const { id, claimer } = await claimedResume(owner);
  await claims.hold({ fileId: id, ownerUserId: owner, holder: 'hiring:f1' });
  await claims.release({ fileId: id, claimer, actingUserId: owner });
  await rejectsWith(files.client.deleteFile({ fileId: id }, { userId: owner }), 'EXC_FILES_CANNOT_REMOVE');
  await claims.releaseHold({ fileId: id, holder: 'hiring:f1', actingUserId: owner });
  await files.client.deleteFile({ fileId: id }, { userId: owner });
  assert.equal(await exists(id), false);
});
