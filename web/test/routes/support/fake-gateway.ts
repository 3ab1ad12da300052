// A stand-in gateway for route tests of screens whose service answers are easier to state than
// to produce (a paid order, an empty wallet): each `METHOD /path` (without /api/v1 and the query)
// answers what the test put in `routes`; anything else is 404 EXC_API_NOT_FOUND, as the real
// gateway answers a path it does not serve. Every request is recorded with its JSON body.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Refusal codes: sent in the `exc` header and the body, as the gateway does. */
  exc?: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeGateway {
  url: string;
  routes: Map<string, FakeAnswer | ((request: RecordedRequest) => FakeAnswer)>;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const routes: FakeGateway['routes'] = new Map();
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: await readJson(req),
    };
    requests.push(recorded);
    const route = routes.get(`${recorded.method} ${recorded.path}`);
    const answer: FakeAnswer =
      typeof route === 'function' ? route(recorded) : (route ?? { status: 404, exc: ['EXC_API_NOT_FOUND'] });
    const status = answer.status ?? (answer.exc ? 400 : 200);
    if (answer.exc) {
      res.writeHead(status, { exc: answer.exc.join(','), 'content-type': 'application/json' });
      res.end(JSON.stringify({ exc: answer.exc, message: answer.exc.join(',') }));
    } else if (answer.body === undefined) {
      res.writeHead(status === 200 ? 204 : status);
      res.end();
    } else {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
