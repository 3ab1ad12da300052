import { loadConfig } from '@darmankar/platform/config';
import { currentTelemetry } from '@darmankar/platform/telemetry';
import { startGateway } from './app.ts';
import { gatewayConfigSchema } from './config.ts';

const gateway = await startGateway(loadConfig(gatewayConfigSchema));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void gateway
        .stop()
        .then(() => currentTelemetry().shutdown())
        .then(() => process.exit(0)),
  );
}
