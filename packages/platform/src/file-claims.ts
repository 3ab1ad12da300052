// The files service as the services that keep files see it (a resume's picture, an employer's
// logo and documents, an application's copy of a resume): claims, holds, releases and read
// links, each call vouched for with a caller assertion for the user the service acts for
// (docs/adr/019). The domain code depends on the
// FileClaims interface; createFileClaims is its gRPC adapter.
import { FileCategory, FilesService } from '@darmankar/proto/files/v1/files_pb';
import type { CallerSigner } from './caller-identity.ts';
import { createClient } from './grpc.ts';

export type ClaimCategory = Exclude<keyof typeof FileCategory, 'UNSPECIFIED'>;

export interface FileClaims {
  /** Takes an upload of `ownerUserId` of that category for `claimer`; throws the files service's codes. */
  claim(input: { fileId: string; ownerUserId: string; category: ClaimCategory; claimer: string }): Promise<void>;
  /** Lets a claimed file go (it is purged a day later). */
  release(input: { fileId: string; claimer: string; actingUserId: string }): Promise<void>;
  /**
   * Keeps a file of `ownerUserId` for `holder` (an application's copy of a resume) whatever its
   * claimer does later; holding again is a no-op. Another user's file: EXC_FILES_NOT_FOUND.
   */
  hold(input: {
    fileId: string;
    ownerUserId: string;
    holder: string;
  }): Promise<{ mediaType: string; sizeBytes: number; fileName: string }>;
  /** Lets a held file go (with no claim and no hold left it is purged a day later); a no-op when not held. */
  releaseHold(input: { fileId: string; holder: string; actingUserId: string }): Promise<void>;
  /** A short-lived link to read a private file. */
  issueReadLink(input: {
    fileId: string;
    ttlSeconds: number;
    actingUserId: string;
  }): Promise<{ path: string; expiresAtSeconds: number }>;
}

export function createFileClaims(
  address: string,
  callerSigner: CallerSigner,
  timeoutMs?: number,
): FileClaims & { close(): void } {
  const client = createClient(FilesService, address, { callerSigner, timeoutMs });
  return {
    async claim({ fileId, ownerUserId, category, claimer }) {
      await client.claimFile(
        { fileId, ownerUserId, category: FileCategory[category], claimer },
        { userId: ownerUserId },
      );
    },
    async release({ fileId, claimer, actingUserId }) {
      await client.releaseFile({ fileId, claimer }, { userId: actingUserId });
    },
    async hold({ fileId, ownerUserId, holder }) {
      const held = await client.holdFile({ fileId, ownerUserId, holder }, { userId: ownerUserId });
      return { mediaType: held.mediaType, sizeBytes: Number(held.sizeBytes), fileName: held.fileName };
    },
    async releaseHold({ fileId, holder, actingUserId }) {
      await client.releaseHold({ fileId, holder }, { userId: actingUserId });
    },
    async issueReadLink({ fileId, ttlSeconds, actingUserId }) {
      const link = await client.issueReadLink({ fileId, ttlSeconds: BigInt(ttlSeconds) }, { userId: actingUserId });
      return { path: link.path, expiresAtSeconds: Number(link.expiresAtSeconds) };
    },
    close: () => client.close(),
  };
}
