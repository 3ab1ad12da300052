// The one adapter between the gateway and the files service: REST-shaped calls in, gRPC
// calls out, plain values back.
import {
  createClient,
  createHealthChecker,
  type CallOptions,
  type ClientOptions,
  type ServiceClient,
} from '@darmankar/platform/grpc';
import { FilesService, type FileCategory, type ImageWidth } from '@darmankar/proto/files/v1/files_pb';
import type { CallMeta } from '../../http/route.ts';

export type FilesClient = ServiceClient<typeof FilesService>;

export interface FileContent {
  content: Buffer;
  mediaType: string;
}

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

export interface FilesAdapter {
  upload(input: { category: FileCategory; fileName: string; content: Buffer }, meta: CallMeta): Promise<{ id: string }>;
  remove(fileId: string, meta: CallMeta): Promise<void>;
  publicFile(fileId: string, width: number | undefined, meta: CallMeta): Promise<FileContent & { etag: string }>;
  signedFile(
    input: { fileId: string; expiresAtSeconds: number; signature: string },
    meta: CallMeta,
  ): Promise<FileContent & { fileName: string }>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export function createFilesAdapter(address: string, defaults: ClientOptions): FilesAdapter {
  const client: FilesClient = createClient(FilesService, address, defaults);
  const health = createHealthChecker(address);
  return {
    async upload(input, meta) {
      const { id } = await client.uploadFile(input, options(meta));
      return { id };
    },
    async remove(fileId, meta) {
      await client.deleteFile({ fileId }, options(meta));
    },
    async publicFile(fileId, width, meta) {
      const answer = await client.getPublicFile({ fileId, width: width as ImageWidth | undefined }, options(meta));
      return { content: Buffer.from(answer.content), mediaType: answer.mediaType, etag: answer.etag };
    },
    async signedFile(input, meta) {
      const answer = await client.readSignedFile(
        { fileId: input.fileId, expiresAtSeconds: BigInt(input.expiresAtSeconds), signature: input.signature },
        options(meta),
      );
      return { content: Buffer.from(answer.content), mediaType: answer.mediaType, fileName: answer.fileName };
    },
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
