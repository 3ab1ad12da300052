// The auth service as the gateway sees it: sessions/*, authentication/*, the development
// outbox, and the key set every access token is verified with.
import { randomUUID } from 'node:crypto';
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createAuthAdapter } from './client.ts';
import { authenticationRoutes } from './routes/authentication.ts';
import { devRoutes } from './routes/dev.ts';
import { sessionRoutes } from './routes/sessions.ts';

export const authModule: ServiceModule = {
  name: 'auth',
  address: { variable: 'AUTH_GRPC_URL', default: '127.0.0.1:50051' },
  connect(address, options) {
    const auth = createAuthAdapter(address, options);
    return {
      routes: (context) => ({
        api: withErrors([...sessionRoutes(auth, context), ...authenticationRoutes(auth, context)], SERVICE_ERRORS),
        dev: withErrors(devRoutes(auth), SERVICE_ERRORS),
      }),
      isServing: (timeoutMs) => auth.isServing(timeoutMs),
      accessTokenKeys: () => auth.signingKeys({ requestId: randomUUID() }),
      close: () => auth.close(),
    };
  },
};
