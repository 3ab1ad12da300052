// Files in S3-compatible object storage (AWS S3, MinIO, Ceph, ArvanCloud): production's engine.
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from '../domain/storage.ts';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prefix of every key, so several stores (or test runs) can share a bucket. */
  prefix?: string;
}

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ?? '';
  }

  async put(key: string, bytes: Uint8Array, mediaType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: bytes, ContentType: mediaType }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: this.prefix + key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length)
        throw new Error(
          `S3 could not delete ${answer.Errors.length} objects: ${answer.Errors[0]?.Code} ${answer.Errors[0]?.Message}`,
        );
    }
  }

  close(): void {
    this.client.destroy();
  }
}
