// Uploads are judged by their bytes; every refusal has its code and leaves nothing stored;
// images are re-encoded without their metadata and served only at the listed widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import type { TestDatabase } from '@darmankar/platform/testing';
import { FileCategory, ImageWidth } from '@darmankar/proto/files/v1/files_pb';
import {
  createFilesTestDatabase,
  jpegWithExif,
  pdf,
  PHP_SHELL,
  png,
  pngClaiming,
  polyglotPdfHtml,
  rejectsWith,
  startTestFiles,
  storedObjects,
  type TestFiles,
} from './helpers.ts';
import { policyTable } from '../src/rpc/policy.ts';

const OWNER = '6f1c2a4e-0d3b-4c1e-9a57-3f2b8c0d1e21';

let database: TestDatabase;
let files: TestFiles;

before(async () => {
  database = await createFilesTestDatabase();
  files = await startTestFiles(database);
});
after(async () => {
  await files.stop();
  await database.drop();
});

const upload = (category: FileCategory, fileName: string, content: Uint8Array, userId: string = OWNER) =>
  files.client.uploadFile({ category, fileName, content }, { userId });

async function refusedAndNothingStored(call: () => Promise<unknown>, code: ExcCode) {
  const rowsBefore = await files.db.file.count();
  const objectsBefore = await storedObjects(files.dir);
  await rejectsWith(call(), code);
  assert.equal(await files.db.file.count(), rowsBefore, 'no row');
  assert.deepEqual(await storedObjects(files.dir), objectsBefore, 'no stored object');
}

const customResumeMax = policyTable().get('CUSTOM_RESUME')!.maxBytes;

test('bad uploads are refused with their codes and nothing is stored', async (t) => {
  await t.test('a PHP file named .jpg', () =>
    refusedAndNothingStored(
      () => upload(FileCategory.RESUME_PICTURE, 'photo.jpg', PHP_SHELL),
      'EXC_FILES_INVALID_MIME_TYPE',
    ),
  );
  await t.test('a 0-byte file', () =>
    refusedAndNothingStored(
      () => upload(FileCategory.RESUME_PICTURE, 'empty.png', new Uint8Array()),
      'EXC_FILES_NO_FILE',
    ),
  );
  await t.test('a file one byte over the limit', () =>
    refusedAndNothingStored(
      () => upload(FileCategory.CUSTOM_RESUME, 'cv.pdf', pdf(customResumeMax + 1)),
      'EXC_FILES_TOO_LARGE',
    ),
  );
  await t.test('an image with huge dimensions', async () =>
    refusedAndNothingStored(
      async () => upload(FileCategory.LOGO, 'bomb.png', await pngClaiming(30_000, 30_000)),
      'EXC_FILES_IMAGE_DIMENSIONS_TOO_LARGE',
    ),
  );
  await t.test('a path in the file name', async () => {
    const image = await png();
    await refusedAndNothingStored(
      () => upload(FileCategory.LOGO, '../../etc/logo.png', image),
      'EXC_FILES_NAME_IS_INVALID',
    );
    await refusedAndNothingStored(
      () => upload(FileCategory.LOGO, 'C:\\Users\\a\\logo.png', image),
      'EXC_FILES_NAME_IS_INVALID',
    );
  });
  await t.test('a polyglot PDF/HTML', () =>
    refusedAndNothingStored(
      () => upload(FileCategory.CUSTOM_RESUME, 'cv.pdf', polyglotPdfHtml()),
      'EXC_FILES_INVALID_MIME_TYPE',
    ),
  );
  await t.test('a PDF where the category takes only images', () =>
    refusedAndNothingStored(() => upload(FileCategory.LOGO, 'logo.pdf', pdf()), 'EXC_FILES_INVALID_MIME_TYPE'),
  );
  await t.test('an unknown category', async () => {
    await refusedAndNothingStored(() => upload(FileCategory.UNSPECIFIED, 'a.png', pdf()), 'EXC_FILES_UNKNOWN_TYPE');
    await refusedAndNothingStored(() => upload(99 as FileCategory, 'a.png', pdf()), 'EXC_FILES_UNKNOWN_TYPE');
  });
  await t.test('no caller', () =>
    refusedAndNothingStored(
      () => files.client.uploadFile({ category: FileCategory.LOGO, fileName: 'a.png', content: pdf() }),
      'EXC_AUTHENTICATION_REQUIRED',
    ),
  );
});

test('a file exactly at the limit is accepted and stored as sent', async () => {
  const bytes = pdf(customResumeMax);
  const { id } = await upload(FileCategory.CUSTOM_RESUME, 'رزومه.pdf', bytes);
  const row = await files.db.file.findUniqueOrThrow({ where: { id } });
  assert.deepEqual(
    [row.ownerUserId, row.category, row.mediaType, row.sizeBytes, row.fileName, row.claimedBy],
    [OWNER, 'CUSTOM_RESUME', 'application/pdf', customResumeMax, 'رزومه.pdf', null],
  );
  assert.deepEqual(await storedObjects(files.dir).then((all) => all.filter((key) => key.startsWith(id))), [
    `${id}/full`,
  ]);
});

test('an image is re-encoded without its EXIF, at quality 75 WebP, in every listed width', async () => {
  const original = await jpegWithExif(1600, 1200);
  assert.ok((await sharp(original).metadata()).exif, 'the fixture carries EXIF');
  const { id } = await upload(FileCategory.RESUME_PICTURE, 'me.jpg', original);

  const full = await files.client.getPublicFile({ fileId: id });
  const meta = await sharp(full.content).metadata();
  assert.equal(full.mediaType, 'image/webp');
  assert.equal(meta.format, 'webp');
  assert.equal(meta.exif, undefined, 'no EXIF');
  assert.equal(meta.width, 1024, 'the full copy is bounded');
  assert.doesNotMatch(Buffer.from(full.content).toString('latin1'), /secret owner|home address/);

  for (const width of [64, 128, 256, 512]) {
    const variant = await files.client.getPublicFile({ fileId: id, width: width as ImageWidth });
    const variantMeta = await sharp(variant.content).metadata();
    assert.equal(variantMeta.width, width);
    assert.equal(variantMeta.exif, undefined);
    assert.equal(variant.etag, `"${id}.${width}"`);
  }
  // The same picture at quality 75 by hand is the same size: the configured quality is used.
  const byHand = await sharp(original)
    .rotate()
    .resize({ width: 512, height: 4096, fit: 'inside' })
    .webp({ quality: 75 })
    .toBuffer();
  const at512 = await files.client.getPublicFile({ fileId: id, width: ImageWidth.IMAGE_WIDTH_512 });
  assert.equal(at512.content.byteLength, byHand.byteLength);
});

test('widths outside the list are refused', async () => {
  const { id } = await upload(FileCategory.LOGO, 'logo.png', await png(300, 300));
  for (const width of [0, 1, 100, 300, 2048])
    await rejectsWith(
      files.client.getPublicFile({ fileId: id, width: width as ImageWidth }),
      'EXC_FILES_WIDTH_IS_INVALID',
    );
});

test('a private file is not served by id, and an unknown id is not found', async () => {
  const { id } = await upload(FileCategory.NATIONAL_CARD, 'card.jpg', await jpegWithExif(400, 300));
  await rejectsWith(files.client.getPublicFile({ fileId: id }), 'EXC_FILES_NOT_FOUND');
  await rejectsWith(
    files.client.getPublicFile({ fileId: '00000000-0000-4000-8000-000000000000' }),
    'EXC_FILES_NOT_FOUND',
  );
  await rejectsWith(files.client.getPublicFile({ fileId: '../etc/passwd' }), 'EXC_FILES_NOT_FOUND');
  // A private image is re-encoded too: a scanned card keeps no GPS position.
  const row = await files.db.file.findUniqueOrThrow({ where: { id } });
  assert.equal(row.mediaType, 'image/webp');
  assert.deepEqual(row.widths, []);
});
