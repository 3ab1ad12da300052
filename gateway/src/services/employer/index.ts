// The employer service as the gateway sees it: employers/* (profiles, agents, hiring templates).
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createEmployerAdapter } from './client.ts';
import { employerRoutes } from './routes/employers.ts';

export const employerModule: ServiceModule = {
  name: 'employer',
  address: { variable: 'EMPLOYER_GRPC_URL', default: '127.0.0.1:50054' },
  connect(address, options) {
    const employers = createEmployerAdapter(address, options);
    return {
      routes: () => ({ api: withErrors(employerRoutes(employers), SERVICE_ERRORS) }),
      isServing: (timeoutMs) => employers.isServing(timeoutMs),
      close: () => employers.close(),
    };
  },
};
