// The seo service as the gateway sees it: meta-data/* (page metadata, sitemaps, profile links,
// the blog) and contact-messages, all anonymous, with the contact form's own budget per
// client address on top of the service's hourly count.
import { withErrors } from '../../http/route.ts';
import { positiveIntSetting, SERVICE_ERRORS, type ServiceModule } from '../module.ts';
import { createSeoAdapter } from './client.ts';
import { CONTACT_BUDGET, seoRoutes } from './routes/seo.ts';

const seoSettings = {
  /** Contact messages per client IP in a window: a burst is cut short before the service counts it. */
  RATE_LIMIT_CONTACT_IP_POINTS: positiveIntSetting(10),
  RATE_LIMIT_CONTACT_WINDOW_SECONDS: positiveIntSetting(600),
};

export const seoModule: ServiceModule<typeof seoSettings> = {
  name: 'seo',
  address: { variable: 'SEO_GRPC_URL', default: '127.0.0.1:50059' },
  settings: seoSettings,
  rateLimits: (settings) => ({
    [CONTACT_BUDGET]: {
      points: settings.RATE_LIMIT_CONTACT_IP_POINTS,
      windowSeconds: settings.RATE_LIMIT_CONTACT_WINDOW_SECONDS,
    },
  }),
  connect(address, options) {
    const seo = createSeoAdapter(address, options);
    return {
      routes: (context) => ({ api: withErrors(seoRoutes(seo, context), SERVICE_ERRORS) }),
      isServing: (timeoutMs) => seo.isServing(timeoutMs),
      close: () => seo.close(),
    };
  },
};
