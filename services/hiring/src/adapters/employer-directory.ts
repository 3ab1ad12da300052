// The employer service as hiring asks it: the employer an application shows (GetEmployerSummary),
// its hiring templates (ListTemplates, as a member) and step usage (MarkStepInUse).
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { createClient } from '@darmankar/platform/grpc';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import type { EmployerDirectory, StepKind } from '../domain/ports.ts';

export function createEmployerDirectory(options: {
  address: string;
  callerSigner: CallerSigner;
  timeoutMs?: number;
}): EmployerDirectory & { close(): void } {
  const client = createClient(EmployerService, options.address, {
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
        logoFileId: answer.logo || null,
        ownerUserId: answer.ownerUserId,
      };
    },
    async templates(userId, employerId) {
      const answer = await client.listTemplates({ employerId }, { userId });
      return answer.items.map((template) => ({
        id: template.id,
        name: template.name,
        isDefault: template.isDefault,
        steps: [...template.steps]
          .sort((a, b) => a.position - b.position)
          .map((step) => ({ id: step.id, name: step.name, kind: step.kind as StepKind })),
      }));
    },
    async markStepInUse(stepId, delta, reference) {
      await client.markStepInUse({ stepId, delta, referenceId: reference });
    },
    close: () => client.close(),
  };
}
