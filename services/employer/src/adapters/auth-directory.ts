// The auth service as the employer service asks it for a caller's cellphone (GetCellphone),
// vouching for that caller with its own caller assertion (docs/adr/019).
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import { createClient } from '@darmankar/platform/grpc';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import type { CellphoneDirectory } from '../domain/users.ts';

export function authDirectory(address: string, callerSigner: CallerSigner): CellphoneDirectory & { close(): void } {
  const client = createClient(AuthService, address, { callerSigner });
  return {
    async cellphoneOf(userId) {
      return (await client.getCellphone({}, { userId })).cellphone;
    },
    close: () => client.close(),
  };
}
