import { runService } from '@darmankar/platform/service';
import { seoService } from './index.ts';

await runService(seoService);
