import { runService } from '@darmankar/platform/service';
import { recruitmentService } from './index.ts';

await runService(recruitmentService);
