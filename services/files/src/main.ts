import { runService } from '@darmankar/platform/service';
import { filesService } from './index.ts';

await runService(filesService);
