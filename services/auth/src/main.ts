import { runService } from '@darmankar/platform/service';
import { startAuthService } from './app.ts';
import { authConfigSchema } from './config.ts';

await runService({ name: 'auth', configSchema: authConfigSchema, start: (config, log) => startAuthService(config, { log }) });
