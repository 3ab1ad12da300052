import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Middleware lets one place forward the gateway's Set-Cookie headers onto every response.
    v8_middleware: true,
    // React Router 7 behaviour kept on purpose, each set so that no build or start prints its
    // future-flag warning. They are v8's defaults; v8 needs Node 22.22+ (ADR 005), which is when
    // they change: route modules split into chunks per export, Vite's Environment API, the
    // request passed to handlers as it came, and `.data` URLs that keep a trailing slash.
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
