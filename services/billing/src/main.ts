import { runService } from '@darmankar/platform/service';
import { billingService } from './index.ts';

await runService(billingService);
