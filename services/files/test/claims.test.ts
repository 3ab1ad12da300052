// Claims, removal, signed links and the purge: the rules other services and the clock drive.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@darmankar/platform/testing';
import { testClock } from '@darmankar/platform/testing';
import { FileCategory } from '@darmankar/proto/files/v1/files_pb';
import {
  createFilesTestDatabase,
  jpegWithExif,
  pdf,
  png,
  rejectsWith,
  startTestFiles,
  storedObjects,
  type TestFiles,
} from './helpers.ts';

const DAY = 24 * 3600_000;
const clock = testClock(Date.UTC(2026, 0, 10, 8, 0, 0));

let database: TestDatabase;
let files: TestFiles;

before(async () => {
  database = await createFilesTestDatabase();
  files = await startTestFiles(database, {}, { clock });
});
after(async () => {
  await files.stop();
  await database.drop();
});

const uploadAs = async (userId: string, category = FileCategory.RESUME_PICTURE, content?: Uint8Array) =>
  (await files.client.uploadFile({ category, fileName: 'f', content: content ?? (await png()) }, { userId })).id;

test("a claim takes the owner's file of the right category once", async () => {
  const owner = randomUUID();
  const id = await uploadAs(owner);
  const claim = (
    over: Partial<{ fileId: string; ownerUserId: string; category: FileCategory; claimer: string }> = {},
  ) =>
    files.client.claimFile({
      fileId: id,
      ownerUserId: owner,
      category: FileCategory.RESUME_PICTURE,
      claimer: 'resume:1:picture',
      ...over,
    });

  await rejectsWith(claim({ ownerUserId: randomUUID() }), 'EXC_AUTHORIZATION_FORBIDDEN');
  await rejectsWith(claim({ category: FileCategory.LOGO }), 'EXC_FILES_CATEGORY_MISMATCH');
  await rejectsWith(claim({ fileId: randomUUID() }), 'EXC_FILES_NOT_FOUND');
  await rejectsWith(claim({ category: FileCategory.UNSPECIFIED }), 'EXC_FILES_UNKNOWN_TYPE');

  const claimed = await claim();
  assert.equal(claimed.mediaType, 'image/webp');
  await claim(); // the same claimer again: a retried call is harmless
  await rejectsWith(claim({ claimer: 'resume:2:picture' }), 'EXC_FILES_ALREADY_ASSIGNED');
  const row = await files.db.file.findUniqueOrThrow({ where: { id } });
  assert.equal(row.claimedBy, 'resume:1:picture');
  assert.equal(row.unclaimedSince, null);

  // Only the claimer lets go; then another use may take it.
  await rejectsWith(
    files.client.releaseFile({ fileId: id, claimer: 'resume:2:picture' }),
    'EXC_FILES_ALREADY_ASSIGNED',
  );
  await files.client.releaseFile({ fileId: id, claimer: 'resume:1:picture' });
  await claim({ claimer: 'resume:2:picture' });
});

test('the uploader removes an unclaimed file; a claimed one cannot be removed; others see not found', async () => {
  const owner = randomUUID();
  const kept = await uploadAs(owner);
  const loose = await uploadAs(owner);
  await files.client.claimFile({
    fileId: kept,
    ownerUserId: owner,
    category: FileCategory.RESUME_PICTURE,
    claimer: 'resume:9:picture',
  });

  await rejectsWith(files.client.deleteFile({ fileId: kept }, { userId: owner }), 'EXC_FILES_CANNOT_REMOVE');
  await rejectsWith(files.client.deleteFile({ fileId: loose }, { userId: randomUUID() }), 'EXC_FILES_NOT_FOUND');
  await rejectsWith(files.client.deleteFile({ fileId: loose }), 'EXC_AUTHENTICATION_REQUIRED');
  await files.client.deleteFile({ fileId: loose }, { userId: owner });
  assert.equal(await files.db.file.count({ where: { id: loose } }), 0);
  assert.deepEqual(
    (await storedObjects(files.dir)).filter((key) => key.startsWith(loose)),
    [],
  );
  assert.ok((await storedObjects(files.dir)).some((key) => key.startsWith(kept)));
  await rejectsWith(files.client.deleteFile({ fileId: loose }, { userId: owner }), 'EXC_FILES_NOT_FOUND');
});

test('a signed link reads a private file until it expires; an altered link is refused', async () => {
  const owner = randomUUID();
  const document = pdf(2000);
  const id = await uploadAs(owner, FileCategory.MEDICAL_DOCUMENTS, document);
  const link = await files.client.issueReadLink({ fileId: id, ttlSeconds: 60n });
  const url = new URL(link.path, 'http://x');
  assert.equal(url.pathname, `/api/v1/files/${id}/signed`);
  const expires = BigInt(url.searchParams.get('expires')!);
  const signature = url.searchParams.get('signature')!;
  assert.equal(expires, link.expiresAtSeconds);
  assert.equal(Number(expires) * 1000, clock() + 60_000);

  const read = await files.client.readSignedFile({ fileId: id, expiresAtSeconds: expires, signature });
  assert.deepEqual(Buffer.from(read.content), document);
  assert.equal(read.mediaType, 'application/pdf');

  // Altered: another file, a moved expiry, a changed signature.
  const other = await uploadAs(owner, FileCategory.MEDICAL_DOCUMENTS, pdf(500));
  await rejectsWith(
    files.client.readSignedFile({ fileId: other, expiresAtSeconds: expires, signature }),
    'EXC_FILES_LINK_IS_INVALID',
  );
  await rejectsWith(
    files.client.readSignedFile({ fileId: id, expiresAtSeconds: expires + 3600n, signature }),
    'EXC_FILES_LINK_IS_INVALID',
  );
  await rejectsWith(
    files.client.readSignedFile({
      fileId: id,
      expiresAtSeconds: expires,
      signature: signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A'),
    }),
    'EXC_FILES_LINK_IS_INVALID',
  );
  await rejectsWith(
    files.client.readSignedFile({ fileId: id, expiresAtSeconds: expires, signature: '' }),
    'EXC_FILES_LINK_IS_INVALID',
  );

  clock.advance(59_999);
  await files.client.readSignedFile({ fileId: id, expiresAtSeconds: expires, signature });
  clock.advance(1);
  await rejectsWith(
    files.client.readSignedFile({ fileId: id, expiresAtSeconds: expires, signature }),
    'EXC_FILES_LINK_IS_EXPIRED',
  );

  await rejectsWith(files.client.issueReadLink({ fileId: id, ttlSeconds: 3601n }), 'EXC_BAD_REQUEST');
  await rejectsWith(files.client.issueReadLink({ fileId: randomUUID(), ttlSeconds: 0n }), 'EXC_FILES_NOT_FOUND');
  const byDefault = await files.client.issueReadLink({ fileId: id, ttlSeconds: 0n });
  assert.equal(Number(byDefault.expiresAtSeconds) * 1000, Math.floor(clock() / 1000) * 1000 + 300_000);
});

test('the purge removes uploads unclaimed for a day, and nothing claimed', async () => {
  clock.advance(DAY);
  await files.service.purge(); // what earlier tests left unclaimed
  const owner = randomUUID();
  const claimed = await uploadAs(owner);
  await files.client.claimFile({
    fileId: claimed,
    ownerUserId: owner,
    category: FileCategory.RESUME_PICTURE,
    claimer: 'resume:p:picture',
  });
  const abandoned = await uploadAs(owner, FileCategory.LOGO, await jpegWithExif(200, 200));
  clock.advance(DAY / 2);
  const released = await uploadAs(owner);
  await files.client.claimFile({
    fileId: released,
    ownerUserId: owner,
    category: FileCategory.RESUME_PICTURE,
    claimer: 'resume:q:picture',
  });
  await files.client.releaseFile({ fileId: released, claimer: 'resume:q:picture' });

  clock.advance(DAY / 2 - 1);
  assert.equal(await files.service.purge(), 0, 'not yet a day');
  clock.advance(1);
  assert.equal(await files.service.purge(), 1);
  assert.equal(await files.db.file.count({ where: { id: abandoned } }), 0);
  assert.deepEqual(
    (await storedObjects(files.dir)).filter((key) => key.startsWith(abandoned)),
    [],
    'its objects, every width, are gone',
  );

  clock.advance(DAY / 2);
  assert.equal(await files.service.purge(), 1, 'a released file a day after its release');
  assert.equal(await files.db.file.count({ where: { id: released } }), 0);
  assert.equal(await files.db.file.count({ where: { id: claimed } }), 1, 'a claimed file stays');
  assert.ok((await storedObjects(files.dir)).some((key) => key.startsWith(claimed)));
});
