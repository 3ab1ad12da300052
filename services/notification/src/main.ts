import { runService } from '@darmankar/platform/service';
import { notificationService } from './index.ts';

await runService(notificationService);
