// Assembles the files service from its configuration and serves it over gRPC. The gateway's
// tests and the test stack start it in-process through the package entry.
import { createCallerVerifier } from '@darmankar/platform/caller-identity';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import type { StartOptions } from '@darmankar/platform/service';
import { FilesService } from '@darmankar/proto/files/v1/files_pb';
import { FolderStorage } from './adapters/folder-storage.ts';
import { S3Storage } from './adapters/s3-storage.ts';
import type { FilesConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { systemClock } from '@darmankar/platform/clock';
import { Files } from './domain/files.ts';
import { Purge } from './domain/purge.ts';
import { LinkSigner } from './domain/signed-links.ts';
import type { FileStorage } from './domain/storage.ts';
import { filesHandlers } from './rpc/files-handlers.ts';
import { imageWidths, policyTable } from './rpc/policy.ts';

export interface RunningFilesService {
  port: number;
  /** Runs the scheduled purge now (it also runs every PURGE_INTERVAL_SECONDS); the number of files removed. */
  purge(): Promise<number>;
  stop(): Promise<void>;
}

export interface FilesServiceOptions extends StartOptions {
  /** Replaces the configured storage. */
  storage?: FileStorage;
}

function configuredStorage(config: FilesConfig): FileStorage & { close?(): void } {
  if (config.FILES_STORAGE === 'folder') return new FolderStorage(config.FILES_DIR);
  // The schema requires these with FILES_STORAGE=s3.
  return new S3Storage({
    endpoint: config.S3_ENDPOINT!,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startFilesService(
  config: FilesConfig,
  options: FilesServiceOptions = {},
): Promise<RunningFilesService> {
  const log = options.log ?? createLogger('files', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const db = createDatabase(createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log }));
  const storage: FileStorage & { close?(): void } = options.storage ?? configuredStorage(config);
  let purgeSchedule: { stop(): Promise<void> } | undefined;
  try {
    const files = new Files(
      db,
      storage,
      policyTable(),
      new LinkSigner(config.FILE_LINK_SECRET),
      {
        widths: imageWidths(),
        images: { quality: config.IMAGE_QUALITY, maxPixels: config.IMAGE_MAX_PIXELS },
        linkTtlSeconds: config.FILE_LINK_TTL_SECONDS,
        linkMaxTtlSeconds: config.FILE_LINK_MAX_TTL_SECONDS,
      },
      clock,
      log,
    );
    const purge = new Purge(db, files, config.UNCLAIMED_TTL_SECONDS * 1000, clock, log);
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(FilesService, filesHandlers(files))],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    purgeSchedule = purge.schedule(config.PURGE_INTERVAL_SECONDS * 1000);
    return {
      port: server.port,
      purge: () => purge.run(),
      async stop() {
        await server.shutdown();
        await purgeSchedule?.stop();
        storage.close?.();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await purgeSchedule?.stop();
    storage.close?.();
    await db.$disconnect();
    throw error;
  }
}
