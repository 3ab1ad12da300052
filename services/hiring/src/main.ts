import { runService } from '@darmankar/platform/service';
import { hiringService } from './index.ts';

await runService(hiringService);
