import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// React Router 7.18's own Vite servers (its config loader and child compiler) pass
// `envFile: false`, which Vite 8 reports as deprecated each time one starts: a warning about its
// code, not ours, that no option reaches. Vite's loggers write through console.warn, so that one
// message is dropped there, in the processes that load this config (the web server with hot
// reload, `react-router build`); everything else passes. Remove with React Router 8.
const ENV_FILE_DEPRECATION = 'The `envFile` option is deprecated';
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes(ENV_FILE_DEPRECATION)) return;
  warn(...args);
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3000 },
});
