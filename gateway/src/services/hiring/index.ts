// The hiring service as the gateway sees it: hiring/* (applying, and the employer's pipeline of
// a posting) and resumes/{id}/recruitments/applies* (the applicant's applications).
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createHiringAdapter } from './client.ts';
import { applicantRoutes } from './routes/applicant.ts';
import { employerRoutes } from './routes/employer.ts';

export const hiringModule: ServiceModule = {
  name: 'hiring',
  address: { variable: 'HIRING_GRPC_URL', default: '127.0.0.1:50056' },
  connect(address, options) {
    const hiring = createHiringAdapter(address, options);
    return {
      routes: () => ({
        // The applicant's routes first: /hiring/{id}/applies/mine is never taken for an application id.
        api: withErrors([...applicantRoutes(hiring), ...employerRoutes(hiring)], SERVICE_ERRORS),
      }),
      isServing: (timeoutMs) => hiring.isServing(timeoutMs),
      close: () => hiring.close(),
    };
  },
};
