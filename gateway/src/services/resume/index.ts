// The resume service as the gateway sees it: resumes/* (the builder's calls and the public resume).
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createResumeAdapter } from './client.ts';
import { resumeRoutes } from './routes/resumes.ts';

export const resumeModule: ServiceModule = {
  name: 'resume',
  address: { variable: 'RESUME_GRPC_URL', default: '127.0.0.1:50053' },
  connect(address, options) {
    const resumes = createResumeAdapter(address, options);
    return {
      routes: (context) => ({ api: withErrors(resumeRoutes(resumes, context), SERVICE_ERRORS) }),
      isServing: (timeoutMs) => resumes.isServing(timeoutMs),
      close: () => resumes.close(),
    };
  },
};
