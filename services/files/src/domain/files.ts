// The rules of uploads: who owns a file, what it may be, who uses it, who may read it how.
import { randomUUID } from 'node:crypto';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid } from '@darmankar/platform/input';
import type { Logger } from '@darmankar/platform/log';
import type { Database, FileRow } from '../db/client.ts';
import type { Clock } from '@darmankar/platform/clock';
import { acceptedMediaType, parseFileName } from './content.ts';
import { IMAGE_MEDIA_TYPE, reencodeImage, type ImageSettings } from './images.ts';
import { IMAGE_MEDIA_TYPES, type PolicyTable } from './policy.ts';
import type { LinkSigner } from './signed-links.ts';
import { objectKey, objectKeys, type FileStorage } from './storage.ts';

/** The largest side of the full copy: public images are shown small; private scans must stay legible. */
const PUBLIC_FULL_WIDTH = 1024;
const PRIVATE_FULL_WIDTH = 2048;

const MAX_CLAIMER_LENGTH = 200;

export interface FilesSettings {
  /** The widths public images are served at. */
  widths: readonly number[];
  images: ImageSettings;
  linkTtlSeconds: number;
  linkMaxTtlSeconds: number;
}

export interface StoredContent {
  content: Buffer;
  mediaType: string;
}

export class Files {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly policies: PolicyTable,
    private readonly links: LinkSigner,
    private readonly settings: FilesSettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  private policyOf(category: string) {
    const policy = this.policies.get(category);
    if (!policy) throw new DomainError('EXC_FILES_UNKNOWN_TYPE');
    return policy;
  }

  /** The file, or EXC_FILES_NOT_FOUND for a missing one and for anything that is not an id. */
  private async find(fileId: string): Promise<FileRow> {
    const row = isUuid(fileId) ? await this.db.file.findUnique({ where: { id: fileId } }) : null;
    if (!row) throw new DomainError('EXC_FILES_NOT_FOUND');
    return row;
  }

  /** Checks everything, then stores: a refused upload leaves nothing behind. */
  async upload(ownerUserId: string, category: string, fileName: string, bytes: Uint8Array): Promise<string> {
    const policy = this.policyOf(category);
    const name = parseFileName(fileName);
    const detected = await acceptedMediaType(bytes, policy);
    const id = randomUUID();
    const objects = new Map<string, Buffer | Uint8Array>();
    let mediaType = detected;
    let widths: number[] = [];
    if (IMAGE_MEDIA_TYPES.has(detected)) {
      const image = await reencodeImage(
        bytes,
        policy.public ? PUBLIC_FULL_WIDTH : PRIVATE_FULL_WIDTH,
        policy.public ? this.settings.widths : [],
        this.settings.images,
      );
      mediaType = IMAGE_MEDIA_TYPE;
      objects.set(objectKey(id), image.full);
      for (const [width, variant] of image.variants) objects.set(objectKey(id, width), variant);
      widths = [...image.variants.keys()];
    } else {
      objects.set(objectKey(id), bytes);
    }
    const now = new Date(this.clock());
    // The row first: should storing fail half-way, the purge still knows what to remove.
    await this.db.file.create({
      data: {
        id,
        ownerUserId,
        category,
        mediaType,
        sizeBytes: objects.get(objectKey(id))!.byteLength,
        fileName: name,
        widths,
        unclaimedSince: now,
        createdAt: now,
      },
    });
    try {
      for (const [key, object] of objects) await this.storage.put(key, object, mediaType);
    } catch (error) {
      await this.storage.delete([...objects.keys()]).catch(() => {});
      await this.db.file.delete({ where: { id } }).catch(() => {});
      throw error;
    }
    return id;
  }

  /** The uploader removes an upload nothing claims or holds; another user's file is not found. */
  async remove(ownerUserId: string, fileId: string): Promise<void> {
    const row = await this.find(fileId);
    if (row.ownerUserId !== ownerUserId) throw new DomainError('EXC_FILES_NOT_FOUND');
    if (row.claimedBy !== null) throw new DomainError('EXC_FILES_CANNOT_REMOVE');
    // Conditional: a claim or hold that lands between the read and here wins (and the holds'
    // foreign key refuses the delete should a hold slip in while it runs).
    const { count } = await this.db.file
      .deleteMany({ where: { id: fileId, ownerUserId, claimedBy: null, holds: { none: {} } } })
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) return { count: 0 };
        throw error;
      });
    if (count === 0) throw new DomainError('EXC_FILES_CANNOT_REMOVE');
    await this.deleteObjects(row);
  }

  /** A public file at one of the served widths (none: the full image). Private files are not found here. */
  async publicContent(fileId: string, width: number | undefined): Promise<StoredContent> {
    const row = await this.find(fileId);
    if (!this.policyOf(row.category).public) throw new DomainError('EXC_FILES_NOT_FOUND');
    if (width !== undefined && !this.settings.widths.includes(width))
      throw new DomainError('EXC_FILES_WIDTH_IS_INVALID');
    // A public PDF would have no widths; its full copy is what there is.
    const key = width !== undefined && row.widths.includes(width) ? objectKey(fileId, width) : objectKey(fileId);
    return { content: await this.read(key), mediaType: row.mediaType };
  }

  /** A file through a signed link: the link is checked, nothing else. */
  async signedContent(
    fileId: string,
    expiresAtSeconds: number,
    signature: string,
  ): Promise<StoredContent & { fileName: string }> {
    this.links.verify(fileId, expiresAtSeconds, signature, this.clock());
    const row = await this.find(fileId);
    return { content: await this.read(objectKey(fileId)), mediaType: row.mediaType, fileName: row.fileName };
  }

  /**
   * Another service takes the file for one use. The same claimer claiming again is a no-op,
   * so a retried call is harmless.
   */
  async claim(fileId: string, ownerUserId: string, category: string, claimer: string): Promise<FileRow> {
    this.policyOf(category);
    const who = parseClaimer(claimer);
    if (!isUuid(fileId)) throw new DomainError('EXC_FILES_NOT_FOUND');
    if (!isUuid(ownerUserId)) throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
    const now = new Date(this.clock());
    const { count } = await this.db.file.updateMany({
      where: { id: fileId, ownerUserId, category, OR: [{ claimedBy: null }, { claimedBy: who }] },
      data: { claimedBy: who, claimedAt: now, unclaimedSince: null },
    });
    const row = await this.find(fileId);
    if (count === 1) return row;
    if (row.ownerUserId !== ownerUserId) throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
    if (row.category !== category) throw new DomainError('EXC_FILES_CATEGORY_MISMATCH');
    throw new DomainError('EXC_FILES_ALREADY_ASSIGNED');
  }

  /** The claimer lets go; the file is then purged a day later unless claimed again or held. */
  async release(fileId: string, claimer: string): Promise<void> {
    const who = parseClaimer(claimer);
    const row = await this.find(fileId);
    if (row.claimedBy === null) return;
    if (row.claimedBy !== who) throw new DomainError('EXC_FILES_ALREADY_ASSIGNED');
    const now = new Date(this.clock());
    await this.db.$executeRaw`
      UPDATE files SET claimed_by = NULL, claimed_at = NULL,
        unclaimed_since = CASE WHEN EXISTS (SELECT 1 FROM file_holds WHERE file_id = files.id) THEN NULL ELSE ${now}::timestamptz END
      WHERE id = ${fileId}::uuid AND claimed_by = ${who}`;
  }

  /**
   * Keeps the owner's file for `holder` whatever its claimer does later: a held file is neither
   * purged nor removed. Holding again with the same holder is a no-op, so a retried call is
   * harmless. Another user's file is not found.
   */
  async hold(fileId: string, ownerUserId: string, holder: string): Promise<FileRow> {
    const who = parseClaimer(holder);
    if (!isUuid(fileId) || !isUuid(ownerUserId)) throw new DomainError('EXC_FILES_NOT_FOUND');
    const now = new Date(this.clock());
    return this.db.$transaction(async (tx) => {
      // Writing the row first locks it: a purge or removal running now waits, then sees a file
      // that is no longer waiting to be purged.
      const { count } = await tx.file.updateMany({
        where: { id: fileId, ownerUserId },
        data: { unclaimedSince: null },
      });
      if (count === 0) throw new DomainError('EXC_FILES_NOT_FOUND');
      await tx.fileHold.upsert({
        where: { fileId_holder: { fileId, holder: who } },
        create: { fileId, holder: who, heldAt: now },
        update: {},
      });
      return tx.file.findUniqueOrThrow({ where: { id: fileId } });
    });
  }

  /**
   * The holder lets go; with no claim and no hold left the file is purged a day later. Releasing
   * a hold that is not there (a retried call) is a no-op.
   */
  async releaseHold(fileId: string, holder: string): Promise<void> {
    const who = parseClaimer(holder);
    if (!isUuid(fileId)) throw new DomainError('EXC_FILES_NOT_FOUND');
    const now = new Date(this.clock());
    await this.db.$transaction(async (tx) => {
      const { count } = await tx.fileHold.deleteMany({ where: { fileId, holder: who } });
      if (count === 0) return;
      await tx.file.updateMany({
        where: { id: fileId, claimedBy: null, unclaimedSince: null, holds: { none: {} } },
        data: { unclaimedSince: now },
      });
    });
  }

  /** A link to read the file for `ttlSeconds` (0: the default); the caller decided who gets it. */
  async issueReadLink(fileId: string, ttlSeconds: number): Promise<{ path: string; expiresAtSeconds: number }> {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 0 || ttlSeconds > this.settings.linkMaxTtlSeconds)
      throw new DomainError('EXC_BAD_REQUEST');
    await this.find(fileId);
    const expiresAtSeconds = Math.floor(this.clock() / 1000) + (ttlSeconds || this.settings.linkTtlSeconds);
    const signature = this.links.sign(fileId, expiresAtSeconds);
    return {
      path: `/api/v1/files/${fileId}/signed?expires=${expiresAtSeconds}&signature=${signature}`,
      expiresAtSeconds,
    };
  }

  private async read(key: string): Promise<Buffer> {
    const content = await this.storage.get(key);
    if (!content) {
      this.log.error({ key }, 'a file row has no stored object');
      throw new DomainError('EXC_FILES_NOT_FOUND');
    }
    return content;
  }

  async deleteObjects(row: Pick<FileRow, 'id' | 'widths'>): Promise<void> {
    try {
      await this.storage.delete(objectKeys(row.id, row.widths));
    } catch (error) {
      // The row is gone, so nothing serves these bytes; they are only space.
      this.log.error({ err: error, fileId: row.id }, 'stored objects of a removed file could not be deleted');
    }
  }
}

/** Postgres refused a delete that a hold still references (23503; Prisma's P2003). */
function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, meta } = error as { code?: unknown; meta?: { code?: unknown } };
  return code === 'P2003' || code === '23503' || String(meta?.code) === '23503';
}

/** A claimer or holder name: a service's own label, never empty. */
function parseClaimer(claimer: string): string {
  const who = claimer.trim();
  if (who === '' || who.length > MAX_CLAIMER_LENGTH) throw new DomainError('EXC_BAD_REQUEST');
  return who;
}
