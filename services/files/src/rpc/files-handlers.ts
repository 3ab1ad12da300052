// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import { requireCaller } from '@darmankar/platform/input';
import type { FileCategory, FilesService } from '@darmankar/proto/files/v1/files_pb';
import type { Files } from '../domain/files.ts';
import { categoryName } from './policy.ts';

function parseCategory(category: FileCategory): string {
  const name = categoryName(category);
  if (!name) throw new DomainError('EXC_FILES_UNKNOWN_TYPE');
  return name;
}

export function filesHandlers(files: Files): ServiceHandlers<typeof FilesService> {
  return {
    async uploadFile(request, context) {
      const owner = requireCaller(context.userId);
      return { id: await files.upload(owner, parseCategory(request.category), request.fileName, request.content) };
    },

    async deleteFile(request, context) {
      await files.remove(requireCaller(context.userId), request.fileId);
      return {};
    },

    async getPublicFile(request) {
      const width = request.width;
      const { content, mediaType } = await files.publicContent(request.fileId, width);
      return { content, mediaType, etag: `"${request.fileId}.${width ?? 'full'}"` };
    },

    async readSignedFile(request) {
      return files.signedContent(request.fileId, Number(request.expiresAtSeconds), request.signature);
    },

    async claimFile(request) {
      const row = await files.claim(
        request.fileId,
        request.ownerUserId,
        parseCategory(request.category),
        request.claimer,
      );
      return { mediaType: row.mediaType, sizeBytes: BigInt(row.sizeBytes) };
    },

    async releaseFile(request) {
      await files.release(request.fileId, request.claimer);
      return {};
    },

    async holdFile(request) {
      const row = await files.hold(request.fileId, request.ownerUserId, request.holder);
      return { mediaType: row.mediaType, sizeBytes: BigInt(row.sizeBytes), fileName: row.fileName };
    },

    async releaseHold(request) {
      await files.releaseHold(request.fileId, request.holder);
      return {};
    },

    async issueReadLink(request) {
      const link = await files.issueReadLink(request.fileId, Number(request.ttlSeconds));
      return { path: link.path, expiresAtSeconds: BigInt(link.expiresAtSeconds) };
    },
  };
}
