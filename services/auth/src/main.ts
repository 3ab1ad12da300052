import { runService } from '@darmankar/platform/service';
import { authService } from './index.ts';

await runService(authService);
