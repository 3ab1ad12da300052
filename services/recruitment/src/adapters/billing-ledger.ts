// The domain's ResourceLedger through the billing service, acting for the caller (a vouched
// caller assertion, as the gateway's): ConsumeResource and ReleaseResource by reference.
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { BillingService, ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import type { ResourceLedger, UnitKind } from '../domain/resource-ledger.ts';

const KIND: Record<UnitKind, ResourceKind> = {
  recruitment: ResourceKind.RECRUITMENT,
  featured: ResourceKind.FEATURED,
};

export function createBillingLedger(options: {
  address: string;
  callerSigner: CallerSigner;
  timeoutMs?: number;
}): ResourceLedger & { close(): void } {
  const client: ServiceClient<typeof BillingService> = createClient(BillingService, options.address, {
    callerSigner: options.callerSigner,
    timeoutMs: options.timeoutMs,
  });
  return {
    async consume(userId, employerId, kind, reference) {
      await client.consumeResource({ employerId, kind: KIND[kind], referenceId: reference }, { userId });
    },
    async release(userId, employerId, kind, reference) {
      await client.releaseResource({ employerId, kind: KIND[kind], referenceId: reference }, { userId });
    },
    close: () => client.close(),
  };
}
