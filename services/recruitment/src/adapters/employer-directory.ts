// The domain's EmployerDirectory over the employer service's gRPC contract: the employer a
// posting shows (GetEmployerSummary), its hiring templates, and MarkTemplateInUse.
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import type { EmployerDirectory } from '../domain/employer-directory.ts';

export function createEmployerDirectory(options: {
  address: string;
  callerSigner: CallerSigner;
  timeoutMs?: number;
}): EmployerDirectory & { close(): void } {
  const client: ServiceClient<typeof EmployerService> = createClient(EmployerService, options.address, {
    callerSigner: options.callerSigner,
    timeoutMs: options.timeoutMs,
  });
  return {
    async summary(employerId) {
      const answer = await client.getEmployerSummary({ employerId });
      if (!answer.id) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
      return {
        id: answer.id,
        slug: answer.slug,
        brand: answer.brand,
        logo: answer.logo || null,
        isProfileCompleted: answer.isProfileCompleted,
      };
    },
    async hasTemplate(userId, employerId, templateId) {
      const answer = await client.listTemplates({ employerId }, { userId });
      return answer.items.some((template) => template.id === templateId);
    },
    async markTemplateInUse(templateId, delta, reference) {
      await client.markTemplateInUse({ templateId, delta, referenceId: reference });
    },
    close: () => client.close(),
  };
}
