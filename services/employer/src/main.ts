import { runService } from '@darmankar/platform/service';
import { employerService } from './index.ts';

await runService(employerService);
