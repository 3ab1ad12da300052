// Renders the web app's real route tree (app/routes.ts, the same modules, loaders and actions)
// in React Router's test stub: the root document is replaced by what it gives every page (the
// locale from the URL), and loaders reach the gateway through a client that each test chooses.
import './dom.ts';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { after, afterEach } from 'node:test';
import { createElement } from 'react';
import {
  createRoutesStub,
  Outlet,
  RouterContextProvider,
  useLocation,
  type ActionFunction,
  type LoaderFunction,
} from 'react-router';
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import routeConfig from '../../../app/routes.ts';
import { LocaleContext } from '../../../app/i18n/index.ts';
import { createServerApi, provideServerApi } from '../../../app/lib/api.server.ts';
import { localeFromPath } from '../../../app/lib/locale.ts';

// Tests take the queries from here, so the DOM exists before testing-library first looks for it.
export { fireEvent, screen, waitFor, within } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default: too little for a loader that reaches the real
// stack's gateway and services on a loaded machine. Generous here; an element that never
// comes still fails, only later.
configure({ asyncUtilTimeout: 20_000 });

afterEach(cleanup);
// The window keeps timers of its own; closing it lets the test process end. Work the last test
// started (React's scheduled renders, the router's pending navigation) is let finish first, while
// the window still exists: on a busy machine it otherwise ran after, and failed the file.
after(async () => {
  await (
    globalThis as { window?: { happyDOM?: { waitUntilComplete(): Promise<void> } } }
  ).window?.happyDOM?.waitUntilComplete();
  await new Promise((resolve) => setImmediate(resolve));
  await GlobalRegistrator.unregister();
});

/** Nothing listens on the discard port: every gateway call fails as a gateway that is down. */
export const GATEWAY_DOWN = 'http://127.0.0.1:9';

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

/** What the stub takes from a route module (its default export is the page). */
interface RouteModule {
  default?: StubRoute['Component'];
  ErrorBoundary?: StubRoute['ErrorBoundary'];
  loader?: LoaderFunction;
  action?: ActionFunction;
  handle?: unknown;
}

interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** Adds the browser's cookies to a request, as the web server would receive them. */
function withCookie(request: Request, cookie: string | undefined): Request {
  // Set in place: copying a request whose body is a stream would need it read first.
  if (cookie) request.headers.set('cookie', cookie);
  return request;
}

async function stubRoute(entry: ConfigEntry, cookie: string | undefined): Promise<StubRoute> {
  const module = (await import(`../../../app/${entry.file}`)) as RouteModule;
  const { loader, action } = module;
  const children = await Promise.all((entry.children ?? []).map((child) => stubRoute(child, cookie)));
  const common = {
    id: entry.file.replace(/\.tsx$/, ''),
    Component: module.default,
    ErrorBoundary: module.ErrorBoundary,
    handle: module.handle,
    loader: loader && (((args) => loader({ ...args, request: withCookie(args.request, cookie) })) as LoaderFunction),
    action: action && (((args) => action({ ...args, request: withCookie(args.request, cookie) })) as ActionFunction),
  };
  return entry.index ? { ...common, index: true } : { ...common, path: entry.path, children };
}

/** What the root layout gives every page: the locale of the URL. */
function Document() {
  const locale = localeFromPath(useLocation().pathname);
  return createElement(LocaleContext.Provider, { value: locale }, createElement(Outlet));
}

export interface RenderAppOptions {
  /** The Cookie header the browser sends with every loader and action request. */
  cookie?: string;
  /** Where the server-side gateway client points; a gateway that is down unless given. */
  gatewayUrl?: string;
}

/** Renders the app at `url` with the real routes, loaders and actions. */
export async function renderApp(url: string, options: RenderAppOptions = {}): Promise<RenderResult> {
  const routes = await Promise.all((routeConfig as ConfigEntry[]).map((entry) => stubRoute(entry, options.cookie)));
  const context = new RouterContextProvider();
  const browserRequest = new Request(new URL(url, 'http://localhost:3000'), {
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  provideServerApi(context, createServerApi(browserRequest, options.gatewayUrl ?? GATEWAY_DOWN));
  const Stub = createRoutesStub(
    [{ id: 'root', path: '/', Component: Document, HydrateFallback: () => null, children: routes }],
    context,
  );
  return render(createElement(Stub, { initialEntries: [url], future: { v8_middleware: true } }));
}
