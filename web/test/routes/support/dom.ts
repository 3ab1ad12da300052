// Route tests render into a DOM: happy-dom's window and document on globalThis, imported
// before React so react-dom sees a browser. Node's own fetch family is put back afterwards:
// React Router builds its loader and action requests with it and the API client sends with it,
// as they do on the web server.
import { GlobalRegistrator } from '@happy-dom/global-registrator';


const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'URL',
  'URLSearchParams',
  'Blob',
  'File',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
] as const;

const nodeOwn = new Map(NODE_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));

GlobalRegistrator.register({ url: 'http://localhost:3000/' });

for (const [name, descriptor] of nodeOwn) {
  if (descriptor) Object.defineProperty(globalThis, name, descriptor);
}

