// The recruitment service as the gateway sees it: suggestions/* (the forms' pickers) and
// recruitments/* (postings, the search listing, bookmarks, saved filters), with an employer's
// and a resume's postings.
import { withErrors } from '../../http/route.ts';
import { positiveIntSetting, SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createRecruitmentAdapter } from './client.ts';
import { applicantRoutes } from './routes/applicant.ts';
import { postingRoutes } from './routes/postings.ts';
import { PUBLIC_READ_BUDGET, publicRoutes } from './routes/public.ts';
import { suggestionRoutes } from './routes/suggestions.ts';

const recruitmentSettings = {
  /**
   * The public reads (search, a posting by slug, the busiest categories) per client IP: search
   * is public and the most expensive call anyone can make for free, and a crawler's user agent
   * (whose reads the visitors' quota does not count) is easily claimed.
   */
  RATE_LIMIT_RECRUITMENTS_IP_POINTS: positiveIntSetting(120),
  RATE_LIMIT_RECRUITMENTS_WINDOW_SECONDS: positiveIntSetting(60),
};

export const recruitmentModule: ServiceModule<typeof recruitmentSettings> = {
  name: 'recruitment',
  address: { variable: 'RECRUITMENT_GRPC_URL', default: '127.0.0.1:50055' },
  settings: recruitmentSettings,
  rateLimits: (settings) => ({
    [PUBLIC_READ_BUDGET]: {
      points: settings.RATE_LIMIT_RECRUITMENTS_IP_POINTS,
      windowSeconds: settings.RATE_LIMIT_RECRUITMENTS_WINDOW_SECONDS,
    },
  }),
  connect(address, options) {
    const recruitment = createRecruitmentAdapter(address, options);
    return {
      routes: (context) => ({
        // The public and applicant routes first: /recruitments/limited, /bookmarks and /filters
        // are never taken for a posting id.
        api: withErrors(
          [
            ...suggestionRoutes(recruitment),
            ...publicRoutes(recruitment, context),
            ...applicantRoutes(recruitment),
            ...postingRoutes(recruitment),
          ],
          SERVICE_ERRORS,
        ),
      }),
      isServing: (timeoutMs) => recruitment.isServing(timeoutMs),
      close: () => recruitment.close(),
    };
  },
};
