// The services behind the gateway, one module each (see ./module.ts). The registry test
// (scripts/test/registry.test.ts) checks this list against scripts/system.ts.
import { authModule } from './auth/index.ts';
import { billingModule } from './billing/index.ts';
import { employerModule } from './employer/index.ts';
import { filesModule } from './files/index.ts';
import { hiringModule } from './hiring/index.ts';
import type { ServiceModule } from './module.ts';
import { notificationModule } from './notification/index.ts';
import { recruitmentModule } from './recruitment/index.ts';
import { resumeModule } from './resume/index.ts';
import { seoModule } from './seo/index.ts';

export const SERVICE_MODULES: readonly ServiceModule[] = [
  authModule,
  filesModule,
  recruitmentModule,
  resumeModule,
  employerModule,
  billingModule,
  hiringModule,
  notificationModule,
  seoModule,
];
