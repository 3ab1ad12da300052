import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Middleware lets one place forward the gateway's Set-Cookie headers onto every response.
    v8_middleware: true,
  },
} satisfies Config;
