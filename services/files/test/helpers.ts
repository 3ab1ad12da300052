// Shared test set-up: a throw-away database on the real Postgres, a throw-away storage folder,
// the real service on a free port and a real gRPC client; and the files the tests upload.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ServiceClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { createServiceTestDatabase, startServiceUnderTest, type TestDatabase } from '@darmankar/platform/testing';
import { FilesService } from '@darmankar/proto/files/v1/files_pb';
import { startFilesService, type FilesServiceOptions, type RunningFilesService } from '../src/app.ts';
import { filesConfig, type FilesConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { FILES_SERVICE_DIR } from '../src/db/migrate.ts';

export type FilesClient = ServiceClient<typeof FilesService>;

export interface TestFiles {
  config: FilesConfig;
  service: RunningFilesService;
  client: FilesClient;
  /** The storage folder, removed by stop(). */
  dir: string;
  /** Direct access to the database, to look at what the service stored. */
  db: Database;
  stop(): Promise<void>;
}

export function createFilesTestDatabase(): Promise<TestDatabase> {
  return createServiceTestDatabase('files', FILES_SERVICE_DIR);
}

/** Starts the real service against `database`, keeping files in a fresh temporary folder. */
export async function startTestFiles(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: FilesServiceOptions = {},
): Promise<TestFiles> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dk-files-'));
  const config = filesConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    FILES_DIR: dir,
    ...env,
  });
  const running = await startServiceUnderTest(FilesService, () =>
    startFilesService(config, { log: createLogger('files-test', 'silent'), ...options }),
  );
  const db = createDatabase(database.url);
  return {
    config,
    dir,
    db,
    ...running,
    async stop() {
      await running.stop();
      await db.$disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Every stored object under the folder, as `<id>/<variant>`. */
export async function storedObjects(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export async function rejectsWith(call: Promise<unknown>, ...codes: ExcCode[]): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${String(error)}`);
    assert.deepEqual(error.codes, codes);
    return true;
  });
}

// The files the tests upload.

/** A JPEG carrying EXIF (a copyright and a description) that must not survive re-encoding. */
export function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .withExif({ IFD0: { Copyright: 'secret owner', ImageDescription: 'home address' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function png(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A real small PNG whose header claims `width` × `height`: a decompression bomb's shape. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(16, 16));
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ... then the chunk's CRC.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A minimal PDF padded with spaces to exactly `size` bytes. */
export function pdf(size = 400): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n';
  const tail = '\n%%EOF\n';
  assert.ok(size >= body.length + tail.length);
  return Buffer.concat([Buffer.from(body), Buffer.alloc(size - body.length - tail.length, ' '), Buffer.from(tail)]);
}

/** Starts as a PDF, and a browser told it is HTML runs the script. */
export function polyglotPdfHtml(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n%<html><body><script>fetch("/api/v1/authentication/email")</script></body></html>\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

export const PHP_SHELL = Buffer.from('<?php system($_GET["c"]); ?>\n');
