// The employer's files in the files service. A profile save claims the files it adds (uploads of
// the user saving), and only once the save is stored lets go of the files it dropped; a save that
// fails lets go of what it claimed. Unclaimed uploads are purged by the files service a day later.
import type { ClaimCategory, FileClaims } from '@darmankar/platform/file-claims';
import type { Logger } from '@darmankar/platform/log';
import type { Profile } from './profile.ts';

type FileField = 'logo' | 'officialGazetteFileId' | 'nationalCardFileId' | 'medicalDocumentFileIds';

const FIELDS: Record<FileField, { category: ClaimCategory; part: string }> = {
  logo: { category: 'LOGO', part: 'logo' },
  officialGazetteFileId: { category: 'OFFICIAL_GAZETTE', part: 'gazette' },
  nationalCardFileId: { category: 'NATIONAL_CARD', part: 'national-card' },
  medicalDocumentFileIds: { category: 'MEDICAL_DOCUMENTS', part: 'medical-documents' },
};

interface HeldFile {
  fileId: string;
  category: ClaimCategory;
  claimer: string;
}

/** Every file the profile points at, with the claimer that holds it for this employer. */
export function heldFiles(employerId: string, profile: Pick<Profile, FileField>): HeldFile[] {
  return (Object.keys(FIELDS) as FileField[]).flatMap((field) => {
    const value = profile[field];
    const ids = Array.isArray(value) ? value : value === null ? [] : [value];
    return ids.map((fileId) => ({
      fileId,
      category: FIELDS[field].category,
      claimer: `employer:${employerId}:${FIELDS[field].part}`,
    }));
  });
}

const key = (file: HeldFile) => `${file.claimer} ${file.fileId}`;

export class EmployerFiles {
  constructor(
    private readonly files: FileClaims,
    private readonly linkTtlSeconds: number,
    private readonly log: Logger,
  ) {}

  /**
   * Claims the files `next` has that `previous` did not, runs `save`, then releases the files of
   * the profile the save replaced (`save` reads it under lock) that `next` no longer has.
   */
  async replace<T>(
    employerId: string,
    actingUserId: string,
    previous: Pick<Profile, FileField>,
    next: Pick<Profile, FileField>,
    save: () => Promise<{ result: T; replaced: Pick<Profile, FileField> }>,
  ): Promise<T> {
    const kept = new Set(heldFiles(employerId, previous).map(key));
    const after = heldFiles(employerId, next);
    const stays = new Set(after.map(key));
    const added = after.filter((file) => !kept.has(key(file)));
    const claimed: HeldFile[] = [];
    let answer: { result: T; replaced: Pick<Profile, FileField> };
    try {
      for (const file of added) {
        await this.files.claim({
          fileId: file.fileId,
          ownerUserId: actingUserId,
          category: file.category,
          claimer: file.claimer,
        });
        claimed.push(file);
      }
      answer = await save();
    } catch (error) {
      await this.releaseQuietly(claimed, actingUserId);
      throw error;
    }
    await this.releaseQuietly(
      heldFiles(employerId, answer.replaced).filter((file) => !stays.has(key(file))),
      actingUserId,
    );
    return answer.result;
  }

  /** A short-lived link to read one of the files the profile points at. */
  link(fileId: string, actingUserId: string): Promise<{ path: string; expiresAtSeconds: number }> {
    return this.files.issueReadLink({ fileId, ttlSeconds: this.linkTtlSeconds, actingUserId });
  }

  /** A file left claimed only waits longer to be purged; the profile no longer points at it. */
  private async releaseQuietly(files: HeldFile[], actingUserId: string): Promise<void> {
    for (const file of files) {
      try {
        await this.files.release({ fileId: file.fileId, claimer: file.claimer, actingUserId });
      } catch (error) {
        this.log.warn(
          { err: error, fileId: file.fileId, claimer: file.claimer },
          'a file the employer no longer uses could not be released',
        );
      }
    }
  }
}

/** For the seed and the promotion switch, which never add or drop a file. */
export function withoutFiles(log: Logger): EmployerFiles {
  const refuse = () => Promise.reject(new Error('this tool does not change files'));
  return new EmployerFiles(
    { claim: refuse, release: refuse, hold: refuse, releaseHold: refuse, issueReadLink: refuse },
    0,
    log,
  );
}
