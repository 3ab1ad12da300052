// The recruitment service as the gateway sees it: for now suggestions/* (postings come later).
import { withErrors } from '../../http/route.ts';
import { SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createRecruitmentAdapter } from './client.ts';
import { suggestionRoutes } from './routes/suggestions.ts';

export const recruitmentModule: ServiceModule = {
  name: 'recruitment',
  address: { variable: 'RECRUITMENT_GRPC_URL', default: '127.0.0.1:50055' },
  connect(address, options) {
    const recruitment = createRecruitmentAdapter(address, options);
    return {
      routes: () => ({ api: withErrors(suggestionRoutes(recruitment), SERVICE_ERRORS) }),
      isServing: (timeoutMs) => recruitment.isServing(timeoutMs),
      close: () => recruitment.close(),
    };
  },
};
