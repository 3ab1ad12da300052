import { loadConfig } from '@darmankar/platform/config';
import { createLogger } from '@darmankar/platform/log';
import { currentTelemetry } from '@darmankar/platform/telemetry';
import { startAuthService } from './app.ts';
import { authConfigSchema } from './config.ts';

const config = loadConfig(authConfigSchema);
const log = createLogger('auth', config.LOG_LEVEL);
const service = await startAuthService(config, { log });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'stopping');
    service.stop().then(() => currentTelemetry().shutdown()).then(() => process.exit(0), (error: unknown) => {
      log.error({ err: error }, 'stop failed');
      process.exit(1);
    });
  });
}
