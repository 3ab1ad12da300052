// Malformed requests over every operation of the committed OpenAPI document
// (packages/api-types/openapi.json), against the real gateway in front of every real service:
// bad path parameters (a null byte, broken percent-encoding, invalid UTF-8, very long values),
// bad query values (repeated, empty, too long), wrong JSON types and broken JSON, bodies where
// none is taken, bad session headers, and heads over the server's size limit. Whatever arrives,
// the gateway never answers 500, and every error answer carries an `exc` header of catalogue
// codes whose first code's status is the answer's, the same codes in its JSON body, and codes the
// document lists for that operation (unless the request reached no operation: 404 EXC_API_NOT_FOUND).
//
// Deterministic: the variants come from a seeded generator (FUZZ_SEED overrides the seed to
// explore; a failure names the seed and the request). Requests are written on raw sockets, so
// bytes a fetch client would refuse or normalise (a NUL in a header, `..` in a path) arrive as sent.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { billingConfig, billingService, type RunningBillingService } from '@darmankar/billing';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { filesConfig, filesService, type RunningFilesService } from '@darmankar/files';
import { EXC_CATALOGUE, isExcCode } from '@darmankar/platform/errors/catalogue';
import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, type TestDatabase } from '@darmankar/platform/testing';
import { recruitmentConfig, recruitmentService, type RunningRecruitmentService } from '@darmankar/recruitment';
import { resumeConfig, resumeService, type RunningResumeService } from '@darmankar/resume';
import { clientErrorHandler } from '../src/http/errors.ts';
import { SERVICE_MODULES } from '../src/services/index.ts';
import { login, newCellphone, startGatewayFor, startStack, type Stack } from './helpers.ts';

type Json = Record<string, any>;

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Requests in flight at once: enough to keep the services busy, few enough for two cores. */
const CONCURRENCY = 8;
/** A request to a path no operation has (a `%2F` in a parameter splits it) belongs to no operation. */
const BEFORE_ROUTING = new Set(['EXC_API_NOT_FOUND']);

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
    uuid: () =>
      Array.from({ length: 32 }, (_, i) => (i === 12 ? '4' : i === 16 ? '8' : int(16).toString(16)))
        .join('')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
    /** A few random bytes, percent-encoded: anything a path or query may carry. */
    bytes: (length: number) =>
      Array.from({ length }, () => `%${int(256).toString(16).padStart(2, '0').toUpperCase()}`).join(''),
  };
}
const random = generator(SEED);

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}
interface Operation {
  method: string;
  template: string;
  parameters: Parameter[];
  bodySchema?: Json;
  session: boolean;
  /** Every code the document lists for the operation. */
  codes: Set<string>;
}

interface FuzzRequest {
  label: string;
  operation?: Operation;
  method: string;
  /** The request target exactly as written on the wire. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

const document = JSON.parse(
  await readFile(new URL('../../packages/api-types/openapi.json', import.meta.url), 'utf8'),
) as Json;

function operationsOf(doc: Json): Operation[] {
  const found: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const codes = new Set<string>();
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (Number(status) >= 400)
          for (const code of Object.keys((response as Json).content?.['application/json']?.examples ?? {}))
            codes.add(code);
      }
      found.push({
        method: method.toUpperCase(),
        template,
        parameters: (operation.parameters ?? []) as Parameter[],
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
        session: (operation.security as Json[]).some((requirement) => 'bearer' in requirement),
        codes,
      });
    }
  }
  return found;
}

// ---- values that are well formed, so each variant breaks one thing at a time ----

function validValue(schema: Json, name = ''): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (schema.anyOf || schema.oneOf) return validValue((schema.anyOf ?? schema.oneOf)[0], name);
  if (schema.enum) return schema.enum[0];
  if (schema.example !== undefined) return schema.example;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Json).map(([key, value]) => [key, validValue(value as Json, key)]),
      );
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => validValue(schema.items ?? {}, name)) : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      if (schema.format === 'uuid') return random.uuid();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (/date/i.test(name)) return '2020-01-01';
      if (schema.pattern === '^\\d{1,12}$') return '1';
      return 'آزمون';
  }
}

/**
 * What the fuzzing caller owns (a resume with an item in each section, an employer with its
 * default template), so that malformed bodies and queries reach the services' own rules rather
 * than stopping at "not found".
 */
const owned: {
  resume?: string;
  resumeSlug?: string;
  items: Record<string, string>;
  employer?: string;
  employerSlug?: string;
  template?: string;
  step?: string;
} = { items: {} };

function ownedValue(template: string, name: string): string | undefined {
  const area = template.split('/')[3];
  if (area === 'resumes') {
    if (name === 'id') return owned.resume;
    if (name === 'slug') return owned.resumeSlug && encodeURIComponent(owned.resumeSlug);
    if (name === 'itemId') return owned.items[template.split('/')[5]!];
  }
  if (area === 'employers' && name === 'id') return owned.employer;
  if (area === 'employers' && name === 'slug') return owned.employerSlug && encodeURIComponent(owned.employerSlug);
  if (name === 'employerId') return owned.employer;
  if (name === 'templateId') return owned.template;
  if (name === 'stepId') return owned.step;
  return undefined;
}

function pathParamValue(parameter: Parameter, template: string): string {
  const mine = ownedValue(template, parameter.name);
  if (mine) return mine;
  if (parameter.name === 'action') return 'EmployerEdit';
  if (parameter.name === 'authority') return 'A0000000001';
  if (/id$/i.test(parameter.name) || parameter.name === 'id') return random.uuid();
  return encodeURIComponent(String(validValue(parameter.schema, parameter.name)));
}

function queryValue(parameter: Parameter): string {
  if (/^page(Size)?$/.test(parameter.name)) return '1';
  if (parameter.name === 'next') return 'Login';
  return encodeURIComponent(String(validValue(parameter.schema, parameter.name)));
}

// ---- the malformed values ----

const LONG = 'ب'.repeat(1500); // 3000 bytes, 9000 percent-encoded: long, yet under the head limit
/** Sent in every path parameter: a NUL, broken percent-encoding, invalid UTF-8, a slash, a long value. */
const BAD_SEGMENTS = ['%00', 'a%00b', '%E0%A4%A', '%ED%A0%80', '%2F', encodeURIComponent(LONG)];
/** Of these, each path parameter gets a seeded few. */
const MORE_BAD_SEGMENTS = [
  '%C0%80',
  '%FF%FE',
  '%EF%BF%BF',
  '%1B%5B31m',
  '%E2%80%AE',
  '%20',
  '..%2F..',
  '%F0%9F%92%A9',
  '%D9%A1%DB%B2',
  '-1',
  '1e309',
  '%27%20or%201%3D1',
  'x'.repeat(8000),
];
const BAD_QUERY_VALUES = [
  '%00',
  '',
  '%E0%A4%A',
  '%C0%80',
  encodeURIComponent(LONG),
  '-1',
  '1e309',
  '%D9%A1%DB%B2',
  '%0D%0Aexc:%20EXC_UNKNOWN',
];
const WRONG_JSON_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  3.5,
  true,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(20_000),
  [],
  {},
  ['a'],
  [null],
  { a: 1 },
  '۱۲۳۴',
  'ي',
  '2020-13-45',
  '9999-12-31',
  '<script>',
  '%00',
];
const BROKEN_BODIES = [
  '{',
  '{"a":',
  '',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(4000) + ']'.repeat(4000),
  '{"a":1,"a":2}',
  '\ufeff{}',
];

function fill(operation: Operation, overrides: Record<string, string> = {}): string {
  return operation.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in overrides) return overrides[name]!;
    return pathParamValue(
      operation.parameters.find((p) => p.in === 'path' && p.name === name)!,
      operation.template,
    );
  });
}

function baseQuery(operation: Operation): string[] {
  return operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${queryValue(p)}`);
}

function target(pathPart: string, query: string[]): string {
  return query.length > 0 ? `${pathPart}?${query.join('&')}` : pathPart;
}

function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

/** Every malformed variant of one operation; `session` is the caller's Authorization header. */
function variants(operation: Operation, session: Record<string, string>): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const headers = operation.session ? session : {};
  const base = (label: string, parts: Partial<FuzzRequest> = {}): FuzzRequest => ({
    label,
    operation,
    method: operation.method,
    target: target(fill(operation), baseQuery(operation)),
    headers: { ...headers },
    ...(operation.bodySchema
      ? {
          body: jsonBody(validValue(operation.bodySchema)),
          headers: { ...headers, 'content-type': 'application/json' },
        }
      : {}),
    ...parts,
  });
  const withBase = (label: string, parts: Partial<FuzzRequest>) => {
    const request = base(label, parts);
    if (parts.headers) request.headers = { ...base(label).headers, ...parts.headers };
    return request;
  };

  // Path parameters: each bad segment, and a few random byte strings.
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    for (const segment of [...BAD_SEGMENTS, ...random.sample(MORE_BAD_SEGMENTS, 3), random.bytes(1 + random.int(40))]) {
      out.push(
        withBase(`path ${parameter.name}=${segment.slice(0, 40)}`, {
          target: target(fill(operation, { [parameter.name]: segment }), baseQuery(operation)),
        }),
      );
    }
  }

  // Query values: each bad value, repeated, and as a bracketed key; one unknown parameter.
  const query = operation.parameters.filter((p) => p.in === 'query');
  for (const parameter of query) {
    const others = baseQuery(operation).filter((pair) => !pair.startsWith(`${parameter.name}=`));
    for (const value of [...BAD_QUERY_VALUES, random.bytes(8)]) {
      out.push(
        withBase(`query ${parameter.name}=${value.slice(0, 40)}`, {
          target: target(fill(operation), [...others, `${parameter.name}=${value}`]),
        }),
      );
    }
    out.push(
      withBase(`query ${parameter.name} twice`, {
        target: target(fill(operation), [
          ...others,
          `${parameter.name}=${queryValue(parameter)}`,
          `${parameter.name}=${queryValue(parameter)}`,
        ]),
      }),
    );
    out.push(
      withBase(`query ${parameter.name}[]`, {
        target: target(fill(operation), [...others, `${parameter.name}%5B%5D=1`, `${parameter.name}%5Ba%5D=2`]),
      }),
    );
  }
  out.push(
    withBase('query unknown', {
      target: target(fill(operation), [...baseQuery(operation), `zz%00=${random.bytes(6)}`, '&&=&']),
    }),
  );

  // Bodies: broken JSON, wrong types per property, the wrong content type; a body where none is taken.
  if (operation.bodySchema) {
    const json = { 'content-type': 'application/json' };
    for (const text of random.sample(BROKEN_BODIES, 6))
      out.push(withBase(`body ${text.slice(0, 30)}`, { body: Buffer.from(text), headers: json }));
    out.push(
      withBase('body not UTF-8', {
        body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        headers: json,
      }),
    );
    out.push(withBase('body as text/plain', { headers: { 'content-type': 'text/plain' } }));
    out.push(withBase('body as utf-16', { headers: { 'content-type': 'application/json; charset=utf-16' } }));
    out.push(
      withBase('body over 100 kB', {
        body: jsonBody({ ...(validValue(operation.bodySchema) as Json), padding: 'x'.repeat(110_000) }),
      }),
    );
    out.push(withBase('body longer than its length', { headers: { 'content-length': '1' }, body: Buffer.from('{}') }));
    const valid = validValue(operation.bodySchema) as Json;
    for (const key of Object.keys(operation.bodySchema.properties ?? {})) {
      for (const value of random.sample(WRONG_JSON_VALUES, 3))
        out.push(
          withBase(`body ${key}=${JSON.stringify(value).slice(0, 30)}`, { body: jsonBody({ ...valid, [key]: value }) }),
        );
      const { [key]: _dropped, ...without } = valid;
      out.push(withBase(`body without ${key}`, { body: jsonBody(without) }));
    }
    out.push(
      withBase('body extra field', {
        body: jsonBody({ ...valid, [`x${random.int(1000)}`]: random.pick(WRONG_JSON_VALUES) }),
      }),
    );
  } else {
    out.push(
      withBase('stray JSON body', { body: Buffer.from('{"a":'), headers: { 'content-type': 'application/json' } }),
    );
    out.push(
      withBase('stray multipart body', {
        body: Buffer.from('--x\r\ncontent-disposition: form-data; name="file"\r\n\r\n\u0000'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
    );
    out.push(
      withBase('multipart without boundary', {
        body: Buffer.from('garbage'),
        headers: { 'content-type': 'multipart/form-data' },
      }),
    );
  }

  // Session headers: garbage tokens and cookies.
  for (const authorization of random.sample(
    [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(4000)}`,
      'Basic Zm9vOmJhcg==',
      `Bearer ${random.bytes(20)}`,
    ],
    2,
  )) {
    out.push(withBase(`authorization ${authorization.slice(0, 30)}`, { headers: { authorization } }));
  }
  for (const cookie of random.sample(['at=garbage', 'at=%00; rt=%E0%A4%A', `at=${'y'.repeat(4000)}`, 'at', '=;;='], 2))
    out.push(withBase(`cookie ${cookie.slice(0, 30)}`, { headers: { cookie } }));
  out.push(
    withBase('odd forwarding and cookie-mode headers', {
      headers: {
        'x-forwarded-for': 'not-an-address, ::ffff:999.1.1.1',
        'accept-cookie': '\u0001',
        'x-request-id': 'x'.repeat(3000),
      },
    }),
  );

  // Heads over the server's limit: one huge header, and a request line too long.
  out.push(withBase('header of 20 kB', { headers: { 'x-fuzz': 'z'.repeat(20_000) } }));
  out.push(
    withBase('request line of 20 kB', {
      target: target(fill(operation), [...baseQuery(operation), `pad=${'q'.repeat(20_000)}`]),
    }),
  );
  return out;
}

/** Requests that break HTTP itself, once each (they never reach an operation). */
function brokenHttp(): FuzzRequest[] {
  const ping = '/api/v1/ping';
  return [
    { label: 'NUL in the request line', method: 'GET', target: `${ping}\u0000`, headers: {} },
    { label: 'space in the target', method: 'GET', target: `${ping} x`, headers: {} },
    { label: 'unknown method', method: 'FUZZ', target: ping, headers: {} },
    { label: 'header without a colon', method: 'GET', target: ping, headers: { 'x-broken\r\nnocolon': 'x' } },
    { label: 'NUL in a header value', method: 'GET', target: ping, headers: { 'x-fuzz': 'a\u0000b' } },
    {
      label: 'many headers',
      method: 'GET',
      target: ping,
      headers: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`x-h${i}`, 'v'])),
    },
    { label: 'absolute-form target', method: 'GET', target: `http://127.0.0.1${ping}`, headers: {} },
    { label: 'asterisk target', method: 'OPTIONS', target: '*', headers: {} },
    {
      label: 'both lengths',
      method: 'POST',
      target: '/api/v1/orders/cart',
      headers: { 'content-length': '2', 'transfer-encoding': 'chunked' },
      body: Buffer.from('0\r\n\r\n'),
    },
    {
      label: 'bad chunk',
      method: 'POST',
      target: '/api/v1/orders/cart',
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/json' },
      body: Buffer.from('zz\r\n{}\r\n0\r\n\r\n'),
    },
  ];
}

// ---- a raw HTTP/1.1 client ----

function send(port: number, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error('no answer within 15 s'));
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // The server may close while we still write a body it refused; its answer came first.
      if (chunks.length > 0) finish();
      else reject(error);
    });
    socket.on('end', finish);
    let finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      socket.destroy();
      try {
        resolve(parse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    }
    const headers: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...request.headers };
    if (request.body && !Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name)))
      headers['content-length'] = String(request.body.length);
    const head = `${request.method} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n')}\r\n\r\n`;
    // One write, without Nagle's delay: a head and body in two small writes wait on a delayed ACK.
    socket.setNoDelay(true);
    socket.write(
      request.body ? Buffer.concat([Buffer.from(head, 'latin1'), request.body]) : Buffer.from(head, 'latin1'),
    );
  });
}

function parse(raw: Buffer): Answer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete answer: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1]);
  const headers = new Map(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body = raw.subarray(end + 4);
  if (headers.get('transfer-encoding') === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, lineEnd).toString(), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers.has('content-length')) {
    body = body.subarray(0, Number(headers.get('content-length')));
  }
  return { status, headers, body: body.toString('utf8') };
}

/** What is wrong with one answer, if anything. */
function fault(request: FuzzRequest, answer: Answer): string | undefined {
  if (!Number.isInteger(answer.status)) return 'no status line';
  if (answer.status === 500) return `500 ${answer.headers.get('exc') ?? ''}`;
  if (answer.status < 400) return undefined;
  const header = answer.headers.get('exc');
  if (!header) return `${answer.status} without an exc header`;
  const codes = header.split(',');
  const unknown = codes.filter((code) => !isExcCode(code));
  if (unknown.length > 0) return `${answer.status} with codes outside the catalogue: ${unknown.join(',')}`;
  if (EXC_CATALOGUE[codes[0] as keyof typeof EXC_CATALOGUE].status !== answer.status)
    return `${answer.status} but ${codes[0]} is ${EXC_CATALOGUE[codes[0] as keyof typeof EXC_CATALOGUE].status}`;
  let body: { exc?: unknown; message?: unknown };
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${answer.status} ${header} with a body that is not JSON: ${answer.body.slice(0, 80)}`;
  }
  if (JSON.stringify(body.exc) !== JSON.stringify(codes) || typeof body.message !== 'string')
    return `${answer.status} ${header} with the body ${answer.body.slice(0, 120)}`;
  const operation = request.operation;
  if (operation && !(codes.length === 1 && BEFORE_ROUTING.has(codes[0]!))) {
    const unlisted = codes.filter((code) => !operation.codes.has(code));
    if (unlisted.length > 0) return `${answer.status} ${header}: ${unlisted.join(',')} not listed for the operation`;
  }
  return undefined;
}

async function run(
  port: number,
  requests: FuzzRequest[],
): Promise<{ failures: string[]; statuses: Map<number, number> }> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const request = requests[next++]!;
      const name = `${request.method} ${request.operation?.template ?? request.target.slice(0, 60)} [${request.label}]`;
      try {
        const answer = await send(port, request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = fault(request, answer);
        if (problem) failures.push(`${name}: ${problem}`);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, statuses };
}

// ---- the real stack: auth, files, resume, employer, recruitment and billing ----

let stack: Stack;
let databases: TestDatabase[] = [];
let filesDir: string;
let files: RunningFilesService | undefined;
let resume: RunningResumeService | undefined;
let recruitment: RunningRecruitmentService | undefined;
let employer: RunningEmployerService | undefined;
let billing: RunningBillingService | undefined;
let session: Record<string, string>;

let setupStarted = 0;
before(async () => {
  setupStarted = performance.now();
  const silent = (name: string) => ({ log: createLogger(name, 'silent') });
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', GRPC_PORT: '0' };
  databases = await Promise.all([
    createTestDatabase('gateway_fuzz_files', serviceMigrationSets(filesService.dir)),
    createTestDatabase('gateway_fuzz_resume', serviceMigrationSets(resumeService.dir)),
    createTestDatabase('gateway_fuzz_recruitment', serviceMigrationSets(recruitmentService.dir)),
    createTestDatabase('gateway_fuzz_employer', serviceMigrationSets(employerService.dir)),
    createTestDatabase('gateway_fuzz_billing', serviceMigrationSets(billingService.dir)),
  ]);
  const [filesDb, resumeDb, recruitmentDb, employerDb, billingDb] = databases as [
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
  ];
  filesDir = await mkdtemp(path.join(tmpdir(), 'dk-gateway-fuzz-'));
  files = await filesService.start(
    filesConfig({ ...base, DATABASE_URL: filesDb.url, FILES_DIR: filesDir }),
    silent('files'),
  );
  recruitment = await recruitmentService.start(
    recruitmentConfig({ ...base, DATABASE_URL: recruitmentDb.url }),
    silent('recruitment'),
  );
  resume = await resumeService.start(
    resumeConfig({ ...base, DATABASE_URL: resumeDb.url, FILES_GRPC_URL: `127.0.0.1:${files.port}` }),
    silent('resume'),
  );
  const [employerPort, billingPort] = [await freePort(), await freePort()];
  stack = await startStack({
    gatewayEnv: {
      FILES_GRPC_URL: `127.0.0.1:${files.port}`,
      RESUME_GRPC_URL: `127.0.0.1:${resume.port}`,
      RECRUITMENT_GRPC_URL: `127.0.0.1:${recruitment.port}`,
      EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
      BILLING_GRPC_URL: `127.0.0.1:${billingPort}`,
    },
  });
  employer = await employerService.start(
    employerConfig({
      ...base,
      GRPC_PORT: String(employerPort),
      DATABASE_URL: employerDb.url,
      AUTH_GRPC_URL: `127.0.0.1:${stack.auth.port}`,
      FILES_GRPC_URL: `127.0.0.1:${files.port}`,
    }),
    silent('employer'),
  );
  billing = await billingService.start(
    billingConfig({
      ...base,
      GRPC_PORT: String(billingPort),
      DATABASE_URL: billingDb.url,
      EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
      PAYMENT_PROVIDER: 'sandbox',
    }),
    silent('billing'),
  );
  const { session: tokens } = await login(stack.url, newCellphone());
  session = { authorization: `Bearer ${tokens!.accessToken}` };
  await own();
});

after(async () => {
  await stack?.stop();
  await billing?.stop();
  await employer?.stop();
  await resume?.stop();
  await recruitment?.stop();
  await files?.stop();
  await Promise.all(databases.map((database) => database.drop()));
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** Creates what the caller owns; anything the API refuses is simply left to random ids. */
async function own(): Promise<void> {
  const call = async (method: string, route: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${stack.url}/api/v1/${route}`, {
      method,
      headers: { ...session, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.ok ? response.json() : undefined;
  };
  const resume = await call('POST', 'resumes', {
    firstName: 'مریم',
    lastName: 'احمدی',
    hasDisability: false,
    isForeigner: false,
  });
  owned.resume = resume?.id;
  owned.resumeSlug = resume?.slug;
  const items: Record<string, unknown> = {
    skills: { name: 'تزریقات', level: 'expert' },
    languages: { name: 'انگلیسی', level: 'advanced' },
    certificates: { title: 'ACLS', issuedBy: 'انجمن قلب', link: null, durationHours: 16, completionDate: '2021-06-01' },
    publications: {
      title: 'مراقبت از بیماران',
      publisher: null,
      authors: [],
      date: null,
      link: null,
      description: null,
    },
    educations: {
      university: 'دانشگاه تهران',
      fieldOfStudy: 'پرستاری',
      degreeLevel: 'bachelor',
      gpa: null,
      startYear: 1395,
      endYear: 1399,
      currentlyEnrolled: false,
    },
    jobs: {
      jobTitle: 'پرستار',
      companyName: 'بیمارستان امام',
      industry: null,
      employmentType: null,
      province: null,
      city: null,
      currentlyEmployed: true,
      description: null,
      startDate: '2020-01-01',
      endDate: null,
    },
  };
  if (owned.resume) {
    for (const [section, item] of Object.entries(items)) {
      const added = await call('POST', `resumes/${owned.resume}/${section}`, item);
      owned.items[section] = added?.id ?? added?.items?.at(-1)?.id;
    }
  }
  const employer = await call('POST', 'employers', { brand: 'درمانگاه آزمون فاز', isSelfEmployed: false });
  owned.employer = employer?.id;
  owned.employerSlug = employer?.slug;
  if (owned.employer) {
    const template = (await call('GET', `employers/${owned.employer}/templates`))?.items?.[0];
    owned.template = template?.id;
    if (owned.template)
      owned.step = (await call('GET', `employers/${owned.employer}/templates/${owned.template}/steps`))?.items?.[0]?.id;
  }
}

test(`malformed requests over every operation of the OpenAPI document: never 500, always catalogue codes (seed ${SEED})`, async (t) => {
  const operations = operationsOf(document);
  assert.ok(operations.length >= 90, `the document has ${operations.length} operations`);
  // Logout would end the session the other requests use: it is sent without one.
  const requests = operations.flatMap((operation) =>
    variants(operation, operation.template.endsWith('/logout') ? {} : session),
  );
  requests.push(...brokenHttp());

  const started = performance.now();
  t.diagnostic(`stack started in ${((started - setupStarted) / 1000).toFixed(1)} s`);
  const { failures, statuses } = await run(stack.gateway.port, requests);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  t.diagnostic(
    `${requests.length} requests over ${operations.length} operations in ${seconds} s; answers by status: ${[
      ...statuses,
    ]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}`,
  );

  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} faulty answers (FUZZ_SEED=${SEED})`);
  // The requests did reach the services: some answers are the services' own codes.
  assert.ok((statuses.get(404) ?? 0) > 50, 'lookups of unknown ids reached the services');
  assert.deepEqual(
    Object.entries(owned)
      .filter(([, value]) => !value)
      .map(([key]) => key),
    [],
    'the caller owns a resume and an employer',
  );
  assert.equal(
    Object.keys(owned.items).filter((section) => owned.items[section]).length,
    6,
    `an item in each resume section: ${JSON.stringify(owned.items)}`,
  );
  assert.ok((statuses.get(431) ?? 0) >= operations.length, 'every head over the limit got its answer');
  // The session was live throughout: the session-only operations were not all refused as logged out.
  assert.equal((await fetch(`${stack.url}/api/v1/authentication/cellphone`, { headers: session })).status, 200);
});

test('with every service down, each operation and a seeded few of its variants answer 4xx or 503 with their codes, never 500', async (t) => {
  // The same bearer token (its key set is out of reach now, so it is refused or the call is unavailable).
  const down = await startGatewayFor(
    '127.0.0.1:1',
    Object.fromEntries(SERVICE_MODULES.map((module) => [module.address.variable, '127.0.0.1:1'])),
  );
  try {
    const operations = operationsOf(document);
    const requests = operations.flatMap((operation) => {
      const all = variants(operation, session);
      // The well-formed request (an unknown query parameter is ignored) and three variants.
      return [all.find((request) => request.label === 'query unknown')!, ...random.sample(all, 3)];
    });
    const { failures, statuses } = await run(down.port, requests);
    t.diagnostic(
      `${requests.length} requests with every service down; answers by status: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
    );
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} faulty answers (FUZZ_SEED=${SEED})`);
    assert.ok(
      (statuses.get(503) ?? 0) > 20,
      "calls that reached the gateway's clients found their services unavailable",
    );
    assert.ok(
      [...statuses.keys()].every((status) => status < 500 || status === 503),
      [...statuses.keys()].join(' '),
    );
  } finally {
    await down.stop();
  }
});

test('a NUL or another control character in a slug or the employer search text is refused with its code, not passed to a database', async () => {
  for (const route of [
    'employers/%00/public',
    'employers/a%00b/get-id',
    'employers/by-slug-with-seo/%00',
    'employers/%01',
    'resumes/by-slug/%00',
  ]) {
    const answer = await send(stack.gateway.port, {
      label: route,
      method: 'GET',
      target: `/api/v1/${route}`,
      headers: session,
    });
    assert.deepEqual(
      [answer.status, answer.headers.get('exc'), JSON.parse(answer.body).exc],
      [400, 'EXC_BAD_REQUEST', ['EXC_BAD_REQUEST']],
      route,
    );
  }
  const search = await fetch(`${stack.url}/api/v1/employers/list?text=%D8%AA%00`);
  assert.deepEqual([search.status, search.headers.get('exc')], [400, 'EXC_EMPLOYERS_FILTER_IS_INVALID']);
  // A slug that merely does not exist is still the service's not-found answer.
  assert.equal(
    (await fetch(`${stack.url}/api/v1/employers/no-such-employer/public`)).headers.get('exc'),
    'EXC_EMPLOYERS_NOT_FOUND',
  );
});

test("heads Node's parser refuses are answered like every other error: status, exc header, Persian JSON body", async () => {
  const cases: Array<[FuzzRequest, number, string]> = [
    [
      { label: 'header', method: 'GET', target: '/api/v1/ping', headers: { 'x-fuzz': 'z'.repeat(20_000) } },
      431,
      'EXC_HEADERS_TOO_LARGE',
    ],
    [
      { label: 'request line', method: 'GET', target: `/api/v1/employers/${'a'.repeat(20_000)}/public`, headers: {} },
      431,
      'EXC_HEADERS_TOO_LARGE',
    ],
    [{ label: 'NUL', method: 'GET', target: '/api/v1/ping\u0000', headers: {} }, 400, 'EXC_BAD_REQUEST'],
    [
      { label: 'header value', method: 'GET', target: '/api/v1/ping', headers: { 'accept-cookie': '\u0001' } },
      400,
      'EXC_BAD_REQUEST',
    ],
  ];
  for (const [request, status, code] of cases) {
    const answer = await send(stack.gateway.port, request);
    assert.equal(answer.status, status, request.label);
    assert.equal(answer.headers.get('exc'), code, request.label);
    assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    const body = JSON.parse(answer.body) as { exc: string[]; message: string };
    assert.deepEqual(body, { exc: [code], message: EXC_CATALOGUE[code as keyof typeof EXC_CATALOGUE].fa });
  }
  // The gateway still serves the next request as usual.
  assert.equal((await fetch(`${stack.url}/api/v1/ping`)).status, 200);
});

test('a head that does not arrive in time is answered 408 EXC_REQUEST_TIMEOUT', async () => {
  // Node's request timeout on a server of its own, short so the test does not wait; the listener is the gateway's.
  const server = createServer({ requestTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end());
  server.on('clientError', clientErrorHandler(createLogger('gateway-test', 'silent')));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        try {
          resolve(parse(Buffer.concat(chunks)));
        } catch (error) {
          reject(error);
        }
      });
      socket.on('error', reject);
      socket.write('GET /api/v1/ping HTTP/1.1\r\nhost: 127.0.0.1\r\n'); // and never the blank line
    });
    assert.equal(answer.status, 408);
    assert.equal(answer.headers.get('exc'), 'EXC_REQUEST_TIMEOUT');
    assert.deepEqual(JSON.parse(answer.body).exc, ['EXC_REQUEST_TIMEOUT']);
  } finally {
    server.close();
  }
});
