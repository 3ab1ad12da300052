// Route tests render into a DOM: happy-dom's window and document on globalThis, imported
// before React so react-dom sees a browser. Node's own fetch family is put back afterwards:
// React Router builds its loader and action requests with it and the API client sends with it,
// as they do on the web server.
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import * as React from 'react';

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

// tsx applies a tsconfig only to the files it includes, and the root one does not include the
// app, so the app's JSX compiles to the classic `React.createElement` and needs React in scope.
(globalThis as { React?: typeof React }).React = React;
