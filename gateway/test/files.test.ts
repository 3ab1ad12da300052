// files/* through the gateway: multipart uploads refused with their codes and nothing stored,
// public images by width with long cache headers, private files only by signed link.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { filesConfig, filesService, type RunningFilesService } from '@darmankar/files';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, testClock, type TestDatabase } from '@darmankar/platform/testing';
import { FileCategory, FilesService } from '@darmankar/proto/files/v1/files_pb';
import { assertError, login, newCellphone, startStack, type Stack } from './helpers.ts';

const MB = 1024 * 1024;
const clock = testClock();
let database: TestDatabase;
let dir: string;
let files: RunningFilesService;
let stack: Stack;
let grpc: ServiceClient<typeof FilesService>;
let auth: Record<string, string>;

before(async () => {
  database = await createTestDatabase('gateway_files', serviceMigrationSets(filesService.dir));
  dir = await mkdtemp(path.join(tmpdir(), 'dk-gateway-files-'));
  files = await filesService.start(
    filesConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, GRPC_PORT: '0', FILES_DIR: dir }),
    { log: createLogger('files-test', 'silent'), clock },
  );
  stack = await startStack({ gatewayEnv: { FILES_GRPC_URL: `127.0.0.1:${files.port}` } });
  // What an owning service (resume, employer) does after its own check: issue a read link.
  grpc = createClient(FilesService, `127.0.0.1:${files.port}`);
  const { session } = await login(stack.url, newCellphone());
  auth = { authorization: `Bearer ${session!.accessToken}` };
});
after(async () => {
  grpc.close();
  await stack.stop();
  await files.stop();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

async function stored(): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

function upload(category: string, content: Uint8Array, fileName = 'upload.bin', headers = auth): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return fetch(`${stack.url}/api/v1/files/upload?category=${category}`, { method: 'POST', headers, body: form });
}

async function refusedAndNothingStored(response: Promise<Response>, status: number, code: string) {
  const before = await stored();
  await assertError(await response, status, code);
  assert.deepEqual(await stored(), before, 'nothing stored');
}

const picture = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#a35' } })
    .withExif({ IFD0: { Copyright: 'secret owner' } })
    .jpeg()
    .toBuffer();

async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, ' '), tail]);
}

test('bad uploads are refused with their codes and nothing is stored', async (t) => {
  await t.test('a PHP file named .jpg', () =>
    refusedAndNothingStored(
      upload('RESUME_PICTURE', Buffer.from('<?php system($_GET["c"]); ?>'), 'photo.jpg'),
      400,
      'EXC_FILES_INVALID_MIME_TYPE',
    ),
  );
  await t.test('a 0-byte file', () =>
    refusedAndNothingStored(upload('RESUME_PICTURE', new Uint8Array(), 'empty.jpg'), 400, 'EXC_FILES_NO_FILE'),
  );
  await t.test('a file one byte over the limit', () =>
    refusedAndNothingStored(
      upload('LOGO', Buffer.concat([Buffer.from(pdf(1000)), Buffer.alloc(MB + 1 - 1000)]), 'logo.png'),
      413,
      'EXC_FILES_TOO_LARGE',
    ),
  );
  await t.test('a body far past every limit is cut off', () =>
    refusedAndNothingStored(upload('CUSTOM_RESUME', Buffer.alloc(5 * MB)), 413, 'EXC_FILES_TOO_LARGE'),
  );
  await t.test('an image with huge dimensions', async () =>
    refusedAndNothingStored(
      upload('LOGO', await pngClaiming(30_000, 30_000), 'bomb.png'),
      413,
      'EXC_FILES_IMAGE_DIMENSIONS_TOO_LARGE',
    ),
  );
  await t.test('a path in the file name', async () =>
    refusedAndNothingStored(
      upload('LOGO', await picture(100, 100), '../../etc/logo.jpg'),
      400,
      'EXC_FILES_NAME_IS_INVALID',
    ),
  );
  await t.test('a polyglot PDF/HTML', () =>
    refusedAndNothingStored(
      upload(
        'CUSTOM_RESUME',
        Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n'),
        'cv.pdf',
      ),
      400,
      'EXC_FILES_INVALID_MIME_TYPE',
    ),
  );
  await t.test('an unknown category', () =>
    refusedAndNothingStored(upload('AVATAR', pdf(500)), 400, 'EXC_FILES_UNKNOWN_TYPE'),
  );
  await t.test('no file field', () =>
    refusedAndNothingStored(
      fetch(`${stack.url}/api/v1/files/upload?category=LOGO`, { method: 'POST', headers: auth, body: new FormData() }),
      400,
      'EXC_FILES_NO_FILE',
    ),
  );
  await t.test('not multipart at all', () =>
    refusedAndNothingStored(
      fetch(`${stack.url}/api/v1/files/upload?category=LOGO`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      }),
      400,
      'EXC_FILES_NO_FILE',
    ),
  );
  await t.test('no session', () =>
    refusedAndNothingStored(upload('LOGO', pdf(500), 'a.pdf', {}), 401, 'EXC_AUTHENTICATION_REQUIRED'),
  );
});

test('a picture is served re-encoded at the offered widths with long cache headers; others are refused', async () => {
  const response = await upload('RESUME_PICTURE', await picture(), 'me.jpg');
  assert.equal(response.status, 200);
  const { id } = (await response.json()) as { id: string };

  const at128 = await fetch(`${stack.url}/api/v1/files/${id}?width=128`);
  assert.equal(at128.status, 200);
  assert.equal(at128.headers.get('content-type'), 'image/webp');
  assert.equal(at128.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(at128.headers.get('x-content-type-options'), 'nosniff');
  const meta = await sharp(Buffer.from(await at128.arrayBuffer())).metadata();
  assert.deepEqual([meta.width, meta.exif], [128, undefined]);

  const again = await fetch(`${stack.url}/api/v1/files/${id}?width=128`, {
    headers: { 'if-none-match': at128.headers.get('etag')! },
  });
  assert.equal(again.status, 304);

  await assertError(await fetch(`${stack.url}/api/v1/files/${id}?width=100`), 400, 'EXC_FILES_WIDTH_IS_INVALID');
  await assertError(await fetch(`${stack.url}/api/v1/files/${id}?width=128.0`), 400, 'EXC_FILES_WIDTH_IS_INVALID');
  await assertError(
    await fetch(`${stack.url}/api/v1/files/00000000-0000-4000-8000-000000000000`),
    404,
    'EXC_FILES_NOT_FOUND',
  );
});

test('a private file is reachable only through a valid, unexpired signed link', async () => {
  const document = pdf(4000);
  const response = await upload('CUSTOM_RESUME', document, 'رزومهٔ من.pdf');
  assert.equal(response.status, 200);
  const { id } = (await response.json()) as { id: string };
  await assertError(await fetch(`${stack.url}/api/v1/files/${id}`), 404, 'EXC_FILES_NOT_FOUND');
  await assertError(await fetch(`${stack.url}/api/v1/files/${id}/signed`), 403, 'EXC_FILES_LINK_IS_INVALID');

  const link = await grpc.issueReadLink({ fileId: id, ttlSeconds: 120n });
  const read = await fetch(`${stack.url}${link.path}`);
  assert.equal(read.status, 200);
  assert.deepEqual(Buffer.from(await read.arrayBuffer()), document);
  assert.equal(read.headers.get('content-type'), 'application/pdf');
  assert.equal(read.headers.get('cache-control'), 'private, no-store');
  assert.match(
    read.headers.get('content-disposition')!,
    /^attachment; filename="[^"]*\.pdf"; filename\*=UTF-8''%D8%B1/,
  );

  const url = new URL(link.path, stack.url);
  const signature = url.searchParams.get('signature')!;
  url.searchParams.set('signature', (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1));
  await assertError(await fetch(url), 403, 'EXC_FILES_LINK_IS_INVALID');
  url.searchParams.set('signature', signature);
  url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
  await assertError(await fetch(url), 403, 'EXC_FILES_LINK_IS_INVALID');

  clock.advance(120_000);
  await assertError(await fetch(`${stack.url}${link.path}`), 410, 'EXC_FILES_LINK_IS_EXPIRED');
});

test('the uploader removes an unclaimed upload; a claimed one cannot be removed', async () => {
  const ids = await Promise.all(
    [1, 2].map(
      async () =>
        ((await (await upload('NATIONAL_CARD', await picture(300, 200), 'card.jpg')).json()) as { id: string }).id,
    ),
  );
  const [loose, claimed] = ids as [string, string];
  const other = await login(stack.url, newCellphone());
  await assertError(
    await fetch(`${stack.url}/api/v1/files/${loose}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.session!.accessToken}` },
    }),
    404,
    'EXC_FILES_NOT_FOUND',
  );
  assert.equal((await fetch(`${stack.url}/api/v1/files/${loose}`, { method: 'DELETE', headers: auth })).status, 204);
  await assertError(
    await fetch(`${stack.url}/api/v1/files/${loose}`, { method: 'DELETE', headers: auth }),
    404,
    'EXC_FILES_NOT_FOUND',
  );

  // The owner id as an owning service knows it: the uploader's, from its own session.
  const ownerId = JSON.parse(Buffer.from(auth.authorization!.split('.')[1]!, 'base64url').toString()).sub as string;
  await grpc.claimFile({
    fileId: claimed,
    ownerUserId: ownerId,
    category: FileCategory.NATIONAL_CARD,
    claimer: 'employer:1:national-card',
  });
  await assertError(
    await fetch(`${stack.url}/api/v1/files/${claimed}`, { method: 'DELETE', headers: auth }),
    409,
    'EXC_FILES_CANNOT_REMOVE',
  );
});

test('with the files service stopped its routes answer 503 at once', async () => {
  await files.stop();
  await assertError(await upload('LOGO', pdf(500)), 503, 'EXC_SERVICE_UNAVAILABLE');
  // after() stops it again: a second stop must be harmless.
  files = { ...files, stop: async () => {} };
});
