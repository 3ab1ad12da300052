// The auth service as the gateway sees it: sessions/*, authentication/*, the development
// outbox, and the key set every access token is verified with.
import { randomUUID } from 'node:crypto';
import { withErrors } from '../../http/route.ts';
import { positiveIntSetting, SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createAuthAdapter } from './client.ts';
import { authenticationRoutes, CODE_BUDGETS } from './routes/authentication.ts';
import { sessionRoutes } from './routes/sessions.ts';

const authSettings = {
  /** One-time code sends and verifies: per client IP and per normalised cellphone (SMS bombing). */
  RATE_LIMIT_CODE_IP_POINTS: positiveIntSetting(30),
  RATE_LIMIT_CODE_CELLPHONE_POINTS: positiveIntSetting(10),
  RATE_LIMIT_CODE_WINDOW_SECONDS: positiveIntSetting(600),
};

export const authModule: ServiceModule<typeof authSettings> = {
  name: 'auth',
  address: { variable: 'AUTH_GRPC_URL', default: '127.0.0.1:50051' },
  settings: authSettings,
  rateLimits: (settings) => {
    const ip = { points: settings.RATE_LIMIT_CODE_IP_POINTS, windowSeconds: settings.RATE_LIMIT_CODE_WINDOW_SECONDS };
    const cellphone = {
      points: settings.RATE_LIMIT_CODE_CELLPHONE_POINTS,
      windowSeconds: settings.RATE_LIMIT_CODE_WINDOW_SECONDS,
    };
    return {
      [CODE_BUDGETS.send.ip]: ip,
      [CODE_BUDGETS.send.cellphone]: cellphone,
      [CODE_BUDGETS.verify.ip]: ip,
      [CODE_BUDGETS.verify.cellphone]: cellphone,
    };
  },
  connect(address, options) {
    const auth = createAuthAdapter(address, options);
    return {
      routes: (context) => ({
        api: withErrors([...sessionRoutes(auth, context), ...authenticationRoutes(auth, context)], SERVICE_ERRORS),
      }),
      devOutbox: (to, meta) => auth.devOutbox(to, meta),
      isServing: (timeoutMs) => auth.isServing(timeoutMs),
      accessTokenKeys: () => auth.signingKeys({ requestId: randomUUID() }),
      close: () => auth.close(),
    };
  },
};
