import { runService } from '@darmankar/platform/service';
import { resumeService } from './index.ts';

await runService(resumeService);
