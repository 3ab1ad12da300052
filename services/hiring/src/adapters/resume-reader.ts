// The resume service as applying reads the caller's resume (GetCurrentUserResume), vouching for
// that caller with this service's caller assertion (docs/adr/019). The whole message is kept
// as JSON: the application shows the resume as it was, private fields included.
import { toJson } from '@bufbuild/protobuf';
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import { createClient } from '@darmankar/platform/grpc';
import { toLatinDigits } from '@darmankar/platform/persian';
import { ResumeSchema, ResumeService, type Job } from '@darmankar/proto/resume/v1/resume_pb';
import type { ResumeReader } from '../domain/ports.ts';

const present = (value: string | undefined): string | null =>
  value !== undefined && value.trim() !== '' ? value : null;

/** The title of the job that started last (start dates compare as written, digits made Latin). */
function latestJobTitle(jobs: readonly Job[]): string {
  const latest = [...jobs].sort((a, b) => toLatinDigits(b.startDate).localeCompare(toLatinDigits(a.startDate)))[0];
  return latest?.jobTitle ?? '';
}

export function createResumeReader(options: {
  address: string;
  callerSigner: CallerSigner;
  timeoutMs?: number;
}): ResumeReader & { close(): void } {
  const client = createClient(ResumeService, options.address, {
    callerSigner: options.callerSigner,
    timeoutMs: options.timeoutMs,
  });
  return {
    async currentOf(userId) {
      let resume;
      try {
        resume = (await client.getCurrentUserResume({}, { userId })).resume;
      } catch (error) {
        if (isDomainError(error) && error.codes.includes('EXC_RESUME_ID_IS_INVALID')) return null;
        throw error;
      }
      if (!resume) return null;
      const personal = resume.personal;
      return {
        id: resume.id,
        snapshot: toJson(ResumeSchema, resume),
        firstName: personal?.firstName ?? '',
        lastName: personal?.lastName ?? '',
        pictureFileId: present(resume.pictureFileId),
        customFileId: present(resume.customFileId),
        customFileName: present(resume.customFileName),
        latestJobTitle: latestJobTitle(resume.jobs),
        province: personal?.province ?? '',
        city: personal?.city ?? '',
        phone: present(personal?.phone),
        email: present(personal?.email),
      };
    },
    close: () => client.close(),
  };
}
