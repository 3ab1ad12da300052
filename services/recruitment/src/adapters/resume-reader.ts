// The resume service as search reads a caller's resume for matching (GetCurrentUserResume),
// vouching for that caller with this service's caller assertion (docs/adr/019).
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { createClient } from '@darmankar/platform/grpc';
import { ResumeService } from '@darmankar/proto/resume/v1/resume_pb';
import type { ResumeForMatching, ResumeReader } from '../domain/search/recommendations.ts';

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

export function createResumeReader(options: { address: string; callerSigner: CallerSigner }): ResumeReader & {
  close(): void;
} {
  const client = createClient(ResumeService, options.address, { callerSigner: options.callerSigner });
  return {
    async resumeOf(userId): Promise<ResumeForMatching> {
      const { resume } = await client.getCurrentUserResume({}, { userId });
      if (!resume) throw new Error('the resume service answered without a resume');
      return {
        id: resume.id,
        jobTitles: [resume.personal?.jobTitle, ...resume.jobs.map((job) => job.jobTitle)].filter(present),
        skills: resume.skills.map((skill) => skill.name).filter(present),
        province: present(resume.personal?.province) ? resume.personal.province : null,
        city: present(resume.personal?.city) ? resume.personal.city : null,
        specialties: resume.educations.map((education) => education.fieldOfStudy).filter(present),
        educations: resume.educations.length,
        languages: resume.languages.length,
      };
    },
    close: () => client.close(),
  };
}
