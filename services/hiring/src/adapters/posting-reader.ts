// The recruitment service as hiring reads a posting (GetPosting), as the caller: its members
// read it in any status, anyone else a published one.
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { createClient } from '@darmankar/platform/grpc';
import { PostingStatus, RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { PostingReader, PostingStatus as StatusWord } from '../domain/ports.ts';

const STATUS: Record<PostingStatus, StatusWord> = {
  [PostingStatus.UNSPECIFIED]: 'draft',
  [PostingStatus.DRAFT]: 'draft',
  [PostingStatus.PUBLISHED]: 'published',
  [PostingStatus.ARCHIVED]: 'archived',
  [PostingStatus.CLOSED]: 'closed',
};

export function createPostingReader(options: {
  address: string;
  callerSigner: CallerSigner;
  timeoutMs?: number;
}): PostingReader & { close(): void } {
  const client = createClient(RecruitmentService, options.address, {
    callerSigner: options.callerSigner,
    timeoutMs: options.timeoutMs,
  });
  return {
    async postingFor(userId, postingId) {
      const { posting } = await client.getPosting({ postingId }, { userId });
      if (!posting) throw new Error('the recruitment service answered without a posting');
      const templateId = posting.fields?.hiringTemplateId.trim().toLowerCase() ?? '';
      return {
        id: posting.id,
        status: STATUS[posting.status],
        title: posting.fields?.title ?? '',
        slug: posting.slug,
        jobCategory: posting.fields?.jobCategory ?? '',
        employerId: posting.employer?.id ?? '',
        templateId: templateId === '' ? null : templateId,
      };
    },
    close: () => client.close(),
  };
}
