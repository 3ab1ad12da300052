// The buyer named on an invoice, from the employer service: its profile read as the calling
// user (GetEmployer), so the employer service decides what that user may see (its private
// fields, such as the national id, only for those who may edit the profile).
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import type { InvoicePartyView } from '../domain/invoices.ts';

export interface EmployerDirectory {
  /** The employer as a party to an invoice, read as `userId`. */
  buyer(userId: string, employerId: string): Promise<InvoicePartyView>;
  close(): void;
}

export function createEmployerDirectory(options: {
  /** EMPLOYER_GRPC_URL. */
  address: string;
  callerSigner: CallerSigner;
  timeoutMs?: number;
}): EmployerDirectory {
  const client: ServiceClient<typeof EmployerService> = createClient(EmployerService, options.address, {
    callerSigner: options.callerSigner,
    timeoutMs: options.timeoutMs,
  });
  return {
    async buyer(userId, employerId) {
      // GetEmployer is asked by slug; the summary names it.
      const { slug } = await client.getEmployerSummary({ employerId });
      const { employer } = await client.getEmployer({ slug }, { userId });
      const fields = employer?.fields;
      return {
        name: fields?.registeredName || fields?.brand || '',
        nationalId: fields?.nationalId ?? '',
        economicCode: '',
        address: fields?.address ?? '',
        postalCode: '',
        phone: fields?.phone || fields?.cellphone || '',
      };
    },
    close: () => client.close(),
  };
}
