// The files service as the resume sees it: claims, releases and read links, each call vouched
// for with a caller assertion for the user the resume acts for (this service's own key).
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { createClient } from '@darmankar/platform/grpc';
import { FileCategory, FilesService } from '@darmankar/proto/files/v1/files_pb';
import type { FilesPort } from '../domain/files-port.ts';

export function createFilesPort(address: string, callerSigner: CallerSigner, timeoutMs?: number): FilesPort & { close(): void } {
  const client = createClient(FilesService, address, { callerSigner, timeoutMs });
  return {
    async claim({ fileId, ownerUserId, category, claimer }) {
      await client.claimFile({ fileId, ownerUserId, category: FileCategory[category], claimer }, { userId: ownerUserId });
    },
    async release({ fileId, claimer, actingUserId }) {
      await client.releaseFile({ fileId, claimer }, { userId: actingUserId });
    },
    async issueReadLink({ fileId, ttlSeconds, actingUserId }) {
      const link = await client.issueReadLink({ fileId, ttlSeconds: BigInt(ttlSeconds) }, { userId: actingUserId });
      return { path: link.path, expiresAtSeconds: Number(link.expiresAtSeconds) };
    },
    close: () => client.close(),
  };
}
