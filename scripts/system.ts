// The registry of the whole system: every part that `make dev`, the test stacks and the Helm
// chart run, declared once: where it lives, its port and database, the variable its callers
// read its address from, what it waits for, and what its image and chart entry need.
// Adding a service is adding one row to `SYSTEM`; scripts/stack.ts drives everything from here,
// `make generate` (scripts/generate-system.ts) writes the chart's `parts` block, skaffold.yaml's
// artifacts and image patches and the docs' part tables from it, and
// scripts/test/registry.test.ts fails when the gateway's service modules disagree with it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export type PartName =
  | 'auth'
  | 'files'
  | 'resume'
  | 'employer'
  | 'recruitment'
  | 'hiring'
  | 'billing'
  | 'notification'
  | 'seo'
  | 'gateway'
  | 'web';

/** The event bus's embedded default keeps its log in this database (Kafka when KAFKA_BROKERS is set). */
export const EVENTS_DATABASE = 'events';

/** How the stack knows a part is ready to take traffic. */
export type Readiness =
  | { kind: 'grpc-health' } // the standard grpc.health.v1 Check on the whole server ('')
  | { kind: 'http'; path: string }; // answers 200

/** Everything a part's environment may depend on, decided by the stack when it starts. */
export interface StackContext {
  /** development: `make dev`; test: throw-away stacks started by tests. */
  mode: 'development' | 'test';
  /** The web app's build: Vite middleware (dev) or the built app (production). */
  webMode: 'dev' | 'production';
  ports: Record<PartName, number>;
  /** The database URL of each part that owns a database. */
  databaseUrls: Partial<Record<PartName, string>>;
  /** The event bus's Postgres log (`darmankar_events`), shared by every service. */
  eventsDatabaseUrl: string;
  /** Set when Redis answers; the gateway then keeps its rate limits there. */
  redisUrl?: string;
  /** Unique per running stack, so stacks sharing one Redis never share counters. */
  stackId: string;
  /** A folder of this stack's own for local state (a test stack's is removed when it stops). */
  scratchDir: string;
}

/** How callers find a part: each caller (a part whose `calls.parts` names it) reads its address from this variable. */
export interface Address {
  variable: string;
}

/**
 * Endpoints outside the system that parts call. The chart lets a part that names one in
 * `calls.outside` reach it (NetworkPolicy egress to `networkPolicy.outside`'s peers on these
 * ports); `what` is the variable that says where it is.
 */
export const OUTSIDE_ENDPOINTS = {
  s3: { port: 443, what: 'S3-compatible object storage (`S3_ENDPOINT`)' },
  sms: { port: 443, what: "Kavenegar's SMS API (`KAVENEGAR_BASE_URL`)" },
  mail: { port: 587, what: 'the SMTP server (`SMTP_URL`, submission port)' },
  zarinpal: { port: 443, what: "Zarinpal's payment API (`ZARINPAL_BASE_URL`)" },
} as const satisfies Record<string, { port: number; what: string }>;

export type OutsideName = keyof typeof OUTSIDE_ENDPOINTS;

/** Whom a part calls: each is declared here once, by the caller. */
export interface Calls {
  /**
   * Parts it calls: it is given each one's address variable (stack and chart), the chart lets
   * it through both NetworkPolicies on the callee's port, and a caller of a gRPC part gets the
   * caller-assertion private key to vouch for the user it acts for.
   */
  parts?: PartName[];
  /** Endpoints outside the system it calls (OUTSIDE_ENDPOINTS): the chart lets it reach them. */
  outside?: OutsideName[];
}

/** What the image build and the Helm chart need beyond the rest of the row. */
export interface ChartNeeds {
  /** Image repository (skaffold artifact, `services.<name>.image.repository`). */
  image: string;
  /** deploy/Dockerfile stage the image is built from. */
  target: 'service' | 'web';
  /** HTTP parts: the liveness path (readiness is `readiness.path`). */
  liveness?: string;
  /** The ingress controller reaches it (and HTTP parts trust it to tell the client's address). */
  public?: boolean;
  /** What the part is, for the README's port table. */
  about: string;
  /** Secret variables the operator provides (the chart's Secret or an existing one), beyond the ones the chart composes. */
  secrets?: string[];
}

export interface SystemPart {
  name: PartName;
  /** Folder, relative to the repository root. */
  dir: string;
  /** The standard port (`make dev`); test stacks pick free ones. */
  port: number;
  /** A service with a database gets `darmankar_<database>` (dev) or a throw-away one (tests). */
  database?: string;
  /** Parts that must be ready before this one starts. */
  waitsFor: PartName[];
  readiness: Readiness;
  /** The script run by `node --import tsx`, relative to `dir`. */
  entry: string;
  /** A script run once after migrations by `make dev` to add demo data (idempotent), if any. */
  seed?: string;
  /** How other parts reach this one (absent: nothing inside the system calls it). */
  address?: Address;
  /** Parts and outside endpoints it calls. */
  calls?: Calls;
  chart: ChartNeeds;
  /** The part's own environment; the addresses of the parts it calls are added by partEnv. */
  env(context: StackContext): Record<string, string>;
}

/** A service whose port, database and address variable are kept for it until it exists. */
export interface ReservedService {
  name: string;
  port: number;
  database: string;
  addressVariable: string;
}

const url = (port: number) => `http://127.0.0.1:${port}`;

export const SYSTEM: SystemPart[] = [
  {
    name: 'auth',
    dir: 'services/auth',
    port: 50051,
    database: 'auth',
    waitsFor: [],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    seed: 'src/seed.ts',
    address: { variable: 'AUTH_GRPC_URL' },
    // One-time codes by SMS (Kavenegar), verification emails by SMTP.
    calls: { outside: ['sms', 'mail'] },
    chart: {
      image: 'darmankar/auth',
      target: 'service',
      about: 'auth service (gRPC)',
      secrets: [
        'CODE_HASH_SECRET',
        'SIGNING_KEY_ENCRYPTION_SECRET',
        'KAVENEGAR_API_KEY',
        'KAVENEGAR_TEMPLATE',
        'KAVENEGAR_NOTICE_TEMPLATE',
        'SMTP_URL',
      ],
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.auth),
      DATABASE_URL: c.databaseUrls.auth!,
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
      // Codes go to the development outbox (the gateway's /api/dev/outbox), never as SMS.
      SMS_PROVIDER: 'outbox',
      PUBLIC_WEB_URL: url(c.ports.web),
    }),
  },
  {
    name: 'files',
    dir: 'services/files',
    port: 50052,
    database: 'files',
    waitsFor: [],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    address: { variable: 'FILES_GRPC_URL' },
    // The bytes live in object storage in production.
    calls: { outside: ['s3'] },
    chart: {
      image: 'darmankar/files',
      target: 'service',
      about: 'files service (gRPC)',
      secrets: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'FILE_LINK_SECRET'],
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.files),
      DATABASE_URL: c.databaseUrls.files!,
      // make dev keeps uploads beside its other local state (.data/files); each test stack in its own folder.
      ...(c.mode === 'test' ? { FILES_DIR: path.join(c.scratchDir, 'files') } : {}),
    }),
  },
  {
    name: 'resume',
    dir: 'services/resume',
    port: 50053,
    database: 'resume',
    // It claims pictures and custom resumes from the files service.
    waitsFor: ['files'],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    address: { variable: 'RESUME_GRPC_URL' },
    calls: { parts: ['files'] },
    chart: { image: 'darmankar/resume', target: 'service', about: 'resume service (gRPC)' },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.resume),
      DATABASE_URL: c.databaseUrls.resume!,
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
    }),
  },
  {
    name: 'employer',
    dir: 'services/employer',
    port: 50054,
    database: 'employer',
    // It claims logos and documents from the files service; auth's events (users' cellphones)
    // wait on the bus until it reads them.
    waitsFor: ['files'],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    seed: 'src/seed.ts',
    address: { variable: 'EMPLOYER_GRPC_URL' },
    // Logos and documents are claimed from files; auth is asked for a caller's cellphone when
    // auth.user.v1 has not told it yet.
    calls: { parts: ['files', 'auth'] },
    chart: { image: 'darmankar/employer', target: 'service', about: 'employer service (gRPC)' },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.employer),
      DATABASE_URL: c.databaseUrls.employer!,
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
      // The profile page's canonical address and logo in its metadata and JSON-LD.
      PUBLIC_WEB_URL: url(c.ports.web),
    }),
  },
  {
    name: 'recruitment',
    dir: 'services/recruitment',
    port: 50055,
    database: 'recruitment',
    // Posting writes ask the employer service (access, the employer shown, hiring templates)
    // and billing (plan units).
    waitsFor: ['employer', 'billing'],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    // A few hundred demo postings across the employer seed's demo employers.
    seed: 'src/seed.ts',
    address: { variable: 'RECRUITMENT_GRPC_URL' },
    calls: { parts: ['employer', 'billing', 'resume'] },
    chart: {
      image: 'darmankar/recruitment',
      target: 'service',
      about: 'recruitment service (gRPC; ready after its suggestion items are loaded)',
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.recruitment),
      DATABASE_URL: c.databaseUrls.recruitment!,
      // PostingChanged goes through its outbox to the bus; agent changes come from it.
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
      PUBLIC_WEB_URL: url(c.ports.web),
    }),
  },
  {
    name: 'hiring',
    dir: 'services/hiring',
    port: 50056,
    database: 'hiring',
    // Applying reads the resume and the posting and checks the employer; the resume's files are
    // held for the application.
    waitsFor: ['employer', 'recruitment', 'resume', 'files'],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    address: { variable: 'HIRING_GRPC_URL' },
    calls: { parts: ['employer', 'recruitment', 'resume', 'files'] },
    chart: {
      image: 'darmankar/hiring',
      target: 'service',
      about: 'hiring service (gRPC)',
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.hiring),
      DATABASE_URL: c.databaseUrls.hiring!,
      // ApplicationChanged goes through its outbox to the bus; agent changes come from it.
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
    }),
  },
  {
    name: 'billing',
    dir: 'services/billing',
    port: 50057,
    database: 'billing',
    // Every employer-scoped call asks the employer service who the caller is there.
    waitsFor: ['employer'],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    seed: 'src/seed.ts',
    address: { variable: 'BILLING_GRPC_URL' },
    // Asks the employer service whether the caller may act for an employer (HasAccess, action
    // Billing); takes money through Zarinpal.
    calls: { parts: ['employer'], outside: ['zarinpal'] },
    chart: {
      image: 'darmankar/billing',
      target: 'service',
      about: 'billing service (gRPC)',
      // The seller's details are not secret, but only the operator knows them: declared here so
      // the chart requires them, as auth's Kavenegar templates are.
      secrets: [
        'ZARINPAL_MERCHANT_ID',
        'INVOICE_SELLER_NAME',
        'INVOICE_SELLER_NATIONAL_ID',
        'INVOICE_SELLER_ECONOMIC_CODE',
        'INVOICE_SELLER_ADDRESS',
        'INVOICE_SELLER_POSTAL_CODE',
        'INVOICE_SELLER_PHONE',
      ],
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.billing),
      DATABASE_URL: c.databaseUrls.billing!,
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
      // The sandbox provider: payers are sent to the web's /payments/sandbox page, no money moves.
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_WEB_URL: url(c.ports.web),
    }),
  },
  {
    name: 'notification',
    dir: 'services/notification',
    port: 50058,
    database: 'notification',
    // Everything it knows comes from the bus (other services' events); it calls no part.
    waitsFor: [],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    address: { variable: 'NOTIFICATION_GRPC_URL' },
    // Notifications by SMS (Kavenegar or sms.ir) and email (SMTP).
    calls: { outside: ['sms', 'mail'] },
    chart: {
      image: 'darmankar/notification',
      target: 'service',
      about: 'notification service (gRPC; event consumers, delivery worker, daily digest)',
      secrets: ['KAVENEGAR_API_KEY', 'KAVENEGAR_SENDER', 'SMTP_URL'],
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.notification),
      DATABASE_URL: c.databaseUrls.notification!,
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
      // Messages go to the development outbox (the gateway's /api/dev/outbox), never out.
      SMS_PROVIDER: 'outbox',
      PUBLIC_WEB_URL: url(c.ports.web),
    }),
  },
  {
    name: 'seo',
    dir: 'services/seo',
    port: 50059,
    database: 'seo',
    // Its sitemaps and profile links come from the bus (other services' events); it calls no part.
    waitsFor: [],
    readiness: { kind: 'grpc-health' },
    entry: 'src/main.ts',
    address: { variable: 'SEO_GRPC_URL' },
    chart: {
      image: 'darmankar/seo',
      target: 'service',
      about: 'seo service (gRPC; page metadata, sitemaps from events, profile links, blog, contact form)',
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      GRPC_PORT: String(c.ports.seo),
      DATABASE_URL: c.databaseUrls.seo!,
      EVENTS_DATABASE_URL: c.eventsDatabaseUrl,
      PUBLIC_WEB_URL: url(c.ports.web),
    }),
  },
  {
    name: 'gateway',
    dir: 'gateway',
    port: 8080,
    waitsFor: ['auth', 'files', 'recruitment', 'resume', 'employer', 'billing', 'hiring', 'notification', 'seo'],
    readiness: { kind: 'http', path: '/readyz' },
    entry: 'src/main.ts',
    address: { variable: 'GATEWAY_URL' },
    // Every service the REST API serves (one gateway module each).
    calls: {
      parts: ['auth', 'files', 'recruitment', 'resume', 'employer', 'billing', 'hiring', 'notification', 'seo'],
    },
    chart: {
      image: 'darmankar/gateway',
      target: 'service',
      liveness: '/healthz',
      public: true,
      about:
        "gateway (REST `/api/v1`; `/readyz` shows each service's health beside it, but readiness is local: a service that is down does not make the gateway unready, its routes answer 503)",
      // Its rate limits' Redis (the chart composes it from external.redis.url).
      secrets: ['REDIS_URL'],
    },
    env: (c) => ({
      NODE_ENV: c.mode,
      PORT: String(c.ports.gateway),
      // Plain http on loopback: a Secure cookie would never come back.
      COOKIE_SECURE: 'false',
      PUBLIC_WEB_URL: url(c.ports.web),
      RATE_LIMIT_KEY_PREFIX: `dk-rl-${c.stackId}`,
      ...(c.redisUrl ? { REDIS_URL: c.redisUrl } : {}),
      // Tests log in many times from one address; the limits have their own tests in gateway/.
      ...(c.mode === 'test'
        ? {
            RATE_LIMIT_API_POINTS: '100000',
            RATE_LIMIT_CODE_IP_POINTS: '100000',
            RATE_LIMIT_CODE_CELLPHONE_POINTS: '100000',
            RATE_LIMIT_LOOKUP_IP_POINTS: '100000',
            RATE_LIMIT_RECRUITMENTS_IP_POINTS: '100000',
          }
        : {}),
    }),
  },
  {
    name: 'web',
    dir: 'web',
    port: 3000,
    waitsFor: ['gateway'],
    readiness: { kind: 'http', path: '/healthz' },
    entry: 'server.ts',
    calls: { parts: ['gateway'] },
    chart: {
      image: 'darmankar/web',
      target: 'web',
      liveness: '/healthz',
      public: true,
      about: 'web app (SSR, proxies `/api` to the gateway)',
    },
    env: (c) => ({
      NODE_ENV: c.webMode === 'production' ? 'production' : 'development',
      PORT: String(c.ports.web),
      // Plain http on loopback: the web server's own cookies (Secure by default in production) too.
      COOKIE_SECURE: 'false',
    }),
  },
];

/** Ports, databases and address variables kept for the services still to come (not started). */
// Each keeps its port when another leaves the list to become a SYSTEM row. None is left: the
// last one kept (seo, 50059) is a SYSTEM row now.
export const RESERVED_SERVICES: ReservedService[] = [];

export type Protocol = 'grpc' | 'http';

/** gRPC parts answer the standard health check; HTTP parts a path. */
export function protocolOf(part: SystemPart): Protocol {
  return part.readiness.kind === 'grpc-health' ? 'grpc' : 'http';
}

/** The Postgres database name of a part (`darmankar_<database>`), if it has one. */
export function databaseName(database: string): string {
  return `darmankar_${database}`;
}

/** How a caller on the same machine addresses a part: host:port for gRPC, a URL for HTTP. */
export function localAddress(part: SystemPart, port: number): string {
  return protocolOf(part) === 'grpc' ? `127.0.0.1:${port}` : url(port);
}

/** The parts that call `callee` (name `callee` in their `calls.parts`), in registry order. */
export function callersOf(callee: string, parts: readonly SystemPart[] = SYSTEM): SystemPart[] {
  return parts.filter((p) => p.name !== callee && (p.calls?.parts ?? []).includes(callee as PartName));
}

/** The parts `caller` calls, in registry order. */
export function calleesOf(caller: SystemPart, parts: readonly SystemPart[] = SYSTEM): SystemPart[] {
  const names: string[] = caller.calls?.parts ?? [];
  return parts.filter((p) => names.includes(p.name));
}

/** The address variables a part is given: one per part it calls (from their `address`). */
export function addressEnv(
  caller: SystemPart,
  ports: Record<PartName, number>,
  parts: SystemPart[] = SYSTEM,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const callee of calleesOf(caller, parts)) {
    if (callee.address) env[callee.address.variable] = localAddress(callee, ports[callee.name]);
  }
  return env;
}

/** Does the part vouch for the user it acts for (it calls a gRPC part, so it holds the caller-assertion private key)? */
export function signsCalls(part: SystemPart, parts: readonly SystemPart[] = SYSTEM): boolean {
  return calleesOf(part, parts).some((callee) => protocolOf(callee) === 'grpc');
}

/**
 * Mistakes in the rows that nothing else would catch: an unknown or self call, a call to a part
 * without an address, an unknown outside endpoint, a reserved name or port reused.
 */
export function registryProblems(
  parts: readonly SystemPart[] = SYSTEM,
  reserved: readonly ReservedService[] = RESERVED_SERVICES,
): string[] {
  const problems: string[] = [];
  const names = parts.map((p) => p.name as string);
  for (const part of parts) {
    for (const callee of part.calls?.parts ?? []) {
      const target = parts.find((p) => p.name === callee);
      if (!target) problems.push(`${part.name} calls unknown part ${callee}`);
      else if (target === part) problems.push(`${part.name} calls itself`);
      else if (!target.address) problems.push(`${part.name} calls ${callee}, which has no address`);
    }
    for (const outside of part.calls?.outside ?? [])
      if (!(outside in OUTSIDE_ENDPOINTS)) problems.push(`${part.name} calls unknown outside endpoint ${outside}`);
  }
  const columns: [string, unknown[]][] = [
    ['name', [...names, ...reserved.map((s) => s.name)]],
    ['port', [...parts.map((p) => p.port), ...reserved.map((s) => s.port)]],
    [
      'address variable',
      [...parts.flatMap((p) => (p.address ? [p.address.variable] : [])), ...reserved.map((s) => s.addressVariable)],
    ],
    ['database', [...parts.flatMap((p) => (p.database ? [p.database] : [])), ...reserved.map((s) => s.database)]],
  ];
  for (const [column, cells] of columns) {
    const seen = new Set<unknown>();
    for (const cell of cells) {
      if (seen.has(cell)) problems.push(`duplicate ${column}: ${cell}`);
      seen.add(cell);
    }
  }
  return problems;
}

/** A part's whole environment in a stack: the addresses of the parts it calls, then its own. */
export function partEnv(part: SystemPart, context: StackContext): Record<string, string> {
  return { ...addressEnv(part, context.ports), ...part.env(context) };
}

export function partDir(part: SystemPart): string {
  return path.join(REPO_ROOT, part.dir);
}

/** The parts in an order where each comes after everything it waits for. */
export function startOrder(parts: SystemPart[] = SYSTEM): SystemPart[] {
  const ordered: SystemPart[] = [];
  const visiting = new Set<PartName>();
  const visit = (part: SystemPart) => {
    if (ordered.includes(part)) return;
    if (visiting.has(part.name)) throw new Error(`system.ts: ${part.name} waits for itself through a cycle`);
    visiting.add(part.name);
    for (const name of part.waitsFor) {
      const dependency = parts.find((p) => p.name === name);
      if (!dependency) throw new Error(`system.ts: ${part.name} waits for unknown part ${name}`);
      visit(dependency);
    }
    ordered.push(part);
  };
  parts.forEach(visit);
  return ordered;
}
