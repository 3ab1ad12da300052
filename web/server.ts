// The web server: serves the SSR app and proxies /api to the gateway so the browser talks to
// one origin (cookies stay first-party). The pieces live in server/: config, client address,
// security headers, the monitoring tunnel and the Express app that joins them.
import { loadConfig } from '@darmankar/platform/config';
import { createWebApp } from './server/app.ts';
import { webConfigSchema } from './server/config.ts';

const config = loadConfig(webConfigSchema);
const { app, close } = await createWebApp(config);

const server = app.listen(config.PORT, () => {
  console.log(`web listening on http://127.0.0.1:${config.PORT} (gateway ${config.GATEWAY_URL})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => void close().finally(() => process.exit(0))));
}
