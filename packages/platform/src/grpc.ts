// A typed bridge between protobuf-es v2 service descriptors and @grpc/grpc-js.
// protobuf-es generates no grpc-js definitions, so servers and clients are built here
// from the generated `GenService` descriptors: fully typed, no proto-loader.
import * as grpc from '@grpc/grpc-js';
import {
  create,
  fromBinary,
  isMessage,
  toBinary,
  type DescMessage,
  type DescMethod,
  type DescService,
  type MessageInitShape,
  type MessageShape,
} from '@bufbuild/protobuf';
import type { GenService, GenServiceMethods } from '@bufbuild/protobuf/codegenv2';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DomainError, isDomainError } from './errors/domain-error.ts';
import { EXC_CATALOGUE, isExcCode, type ExcCode } from './errors/catalogue.ts';
import { METADATA_CALLER_ASSERTION, type CallerSigner, type CallerVerifier } from './caller-identity.ts';

export const METADATA_USER_ID = 'x-user-id';
const METADATA_REQUEST_ID = 'x-request-id';
const METADATA_EXC = 'exc';
/** The end client's network address as the gateway worked it out (for per-client budgets, not identity). */
const METADATA_CLIENT_ADDRESS = 'x-client-address';

/** What a handler knows about the call besides its request message. */
export interface CallContext {
  /** The caller the gateway vouched for (a verified caller assertion); undefined for anonymous calls. */
  readonly userId: string | undefined;
  readonly requestId: string;
  /** The end client's address as the gateway saw it, when the call came from a client request. */
  readonly clientAddress: string | undefined;
  readonly log: Logger;
  readonly metadata: grpc.Metadata;
  /**
   * Aborts when the caller gave up: it cancelled the call or the call's deadline passed. Check
   * it (`signal.throwIfAborted()`) before a step with effects outside the database, such as
   * sending an SMS, so nothing is done for an answer nobody will read. Its reason is
   * EXC_SERVICE_TIMEOUT.
   */
  readonly signal: AbortSignal;
}

type Methods<S> = S extends GenService<infer M extends GenServiceMethods> ? M : never;

export type ServiceHandlers<S extends GenService<GenServiceMethods>> = {
  [K in keyof Methods<S>]: (
    request: MessageShape<Methods<S>[K]['input']>,
    context: CallContext,
  ) => Promise<MessageInitShape<Methods<S>[K]['output']>>;
};

export interface CallOptions {
  /** The user the call acts for; the client's callerSigner vouches for it. */
  userId?: string;
  requestId?: string;
  /** The end client's address (the gateway's `req.ip`), for per-client budgets in the service. */
  clientAddress?: string;
  /** Milliseconds; every call has a deadline so a stopped service never hangs a caller. */
  timeoutMs?: number;
}

export type ServiceClient<S extends GenService<GenServiceMethods>> = {
  [K in keyof Methods<S>]: (
    request: MessageInitShape<Methods<S>[K]['input']>,
    options?: CallOptions,
  ) => Promise<MessageShape<Methods<S>[K]['output']>>;
} & { close(): void };

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Channelz (per-call counters and traces for the channelz debugging service, which nothing
 * here serves) is on by default in grpc-js and costs work on every call of every hot path.
 */
const PER_CALL_BOOKKEEPING_OFF = { 'grpc.enable_channelz': 0 } as const;

/** The grpc-js definition of a protobuf-es service (for raw grpc-js clients, e.g. in tests). */
export function grpcServiceDefinition(service: DescService): grpc.ServiceDefinition {
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const method of service.methods) {
    if (method.methodKind !== 'unary')
      throw new Error(`${service.typeName}.${method.name}: only unary methods are supported`);
    definition[method.localName] = {
      path: `/${service.typeName}/${method.name}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: (message) => Buffer.from(toBinary(method.input, message as MessageShape<DescMessage>)),
      requestDeserialize: (bytes: Buffer) => fromBinary(method.input, bytes),
      responseSerialize: (message) => Buffer.from(toBinary(method.output, message as MessageShape<DescMessage>)),
      responseDeserialize: (bytes: Buffer) => fromBinary(method.output, bytes),
    };
  }
  return definition as grpc.ServiceDefinition;
}

/** The gRPC status that matches a catalogue HTTP status. */
function grpcStatusForHttp(status: number): grpc.status {
  switch (status) {
    case 400:
      return grpc.status.INVALID_ARGUMENT;
    case 401:
      return grpc.status.UNAUTHENTICATED;
    case 403:
      return grpc.status.PERMISSION_DENIED;
    case 404:
      return grpc.status.NOT_FOUND;
    case 409:
      return grpc.status.ALREADY_EXISTS;
    case 413:
      return grpc.status.OUT_OF_RANGE;
    case 429:
      return grpc.status.RESOURCE_EXHAUSTED;
    case 503:
      return grpc.status.UNAVAILABLE;
    case 504:
      return grpc.status.DEADLINE_EXCEEDED;
    default:
      return grpc.status.INTERNAL;
  }
}

function toServiceError(error: unknown, log: Logger): Partial<grpc.ServiceError> {
  const codes: readonly ExcCode[] = isDomainError(error) ? error.codes : ['EXC_UNKNOWN'];
  if (!isDomainError(error)) log.error({ err: error }, 'unhandled error in handler');
  const metadata = new grpc.Metadata();
  metadata.set(METADATA_EXC, codes.join(','));
  return { code: grpcStatusForHttp(EXC_CATALOGUE[codes[0]!].status), details: codes.join(','), metadata };
}

function firstValue(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return value === undefined ? undefined : String(value);
}

type UntypedHandler = (
  request: MessageShape<DescMessage>,
  context: CallContext,
) => Promise<MessageInitShape<DescMessage>>;

/** A service descriptor with its complete, type-checked handlers; made by `bindService`. */
export interface BoundService {
  readonly service: DescService;
  readonly handlers: Readonly<Record<string, UntypedHandler>>;
}

/**
 * Pairs a generated service with its handlers. The handlers are checked against the service's
 * own request and response types here, at the call site; `serve()` then needs no casts.
 */
export function bindService<S extends GenService<GenServiceMethods>>(
  service: S,
  handlers: ServiceHandlers<S>,
): BoundService {
  // The one place the per-method types are erased: each handler was checked above against
  // its method, and serve() calls it only with that method's messages.
  return { service, handlers: handlers as unknown as Record<string, UntypedHandler> };
}

export interface ServeOptions {
  port: number;
  host?: string;
  log: Logger;
  /** `[bindService(AuthService, handlers), ...]`. */
  services: BoundService[];
  /**
   * Verifies the gateway's caller assertions. Without it no call may act for a user: every
   * call that claims one is refused with UNAUTHENTICATED.
   */
  callerVerifier?: CallerVerifier;
}

export interface RunningServer {
  port: number;
  health: HealthImplementation;
  /** Stops taking calls, lets running ones finish (up to graceMs), then forces. */
  shutdown(graceMs?: number): Promise<void>;
}

/** The reason a call's signal aborts with: its caller stopped waiting. */
function callerGaveUp(): DomainError {
  return new DomainError('EXC_SERVICE_TIMEOUT');
}

/**
 * A call's context, made for every call of every service: one object of a class, whose logger
 * (a pino child) and AbortSignal are made on first use (most calls never ask). Built from
 * closures and an object literal with getters it cost 5–9% of auth's CPU per call: tsx wraps each
 * named closure in `__name` (an Object.defineProperty per closure made) and V8 builds an object
 * literal with accessors through the runtime (docs/performance.md, third pass).
 */
class ServerCallContext implements CallContext {
  /** Set once the caller's assertion has been verified, before the handler runs. */
  userId: string | undefined = undefined;
  readonly requestId: string;
  readonly clientAddress: string | undefined;
  readonly metadata: grpc.Metadata;
  private readonly call: grpc.ServerUnaryCall<unknown, unknown>;
  private readonly serverLog: Logger;
  private readonly rpc: string;
  private childLog: Logger | undefined = undefined;
  private controller: AbortController | undefined = undefined;

  constructor(call: grpc.ServerUnaryCall<unknown, unknown>, serverLog: Logger, rpc: string) {
    this.call = call;
    this.metadata = call.metadata;
    this.serverLog = serverLog;
    this.rpc = rpc;
    this.requestId = firstValue(call.metadata, METADATA_REQUEST_ID) ?? randomUUID();
    this.clientAddress = firstValue(call.metadata, METADATA_CLIENT_ADDRESS);
  }

  get log(): Logger {
    return (this.childLog ??= this.serverLog.child({ reqId: this.requestId, rpc: this.rpc }));
  }

  /** grpc-js marks a call cancelled when the client cancels it and when its deadline passes on the server. */
  get signal(): AbortSignal {
    if (!this.controller) {
      const made = new AbortController();
      this.controller = made;
      if (this.call.cancelled) made.abort(callerGaveUp());
      else this.call.once('cancelled', () => made.abort(callerGaveUp()));
    }
    return this.controller.signal;
  }
}

/** The vouched-for user of a call that claims one; throws EXC_AUTHENTICATION_REQUIRED otherwise. */
async function verifiedCaller(
  metadata: grpc.Metadata,
  audience: string,
  verifier: CallerVerifier | undefined,
  context: { readonly log: Logger },
): Promise<string> {
  const assertion = firstValue(metadata, METADATA_CALLER_ASSERTION);
  const claimed = firstValue(metadata, METADATA_USER_ID);
  let reason: string;
  if (!assertion) reason = 'no caller assertion';
  else if (!verifier) reason = 'this server verifies no caller assertions';
  else {
    try {
      const userId = await verifier.verify(assertion, { audience });
      if (claimed === undefined || claimed === userId) return userId;
      reason = 'x-user-id differs from the asserted user';
    } catch (error) {
      reason = (error as Error).message;
    }
  }
  context.log.warn({ reason }, 'call claiming a user refused: the gateway did not vouch for it');
  throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
}

/**
 * Connections are closed (gracefully: running calls finish) after a few minutes, so a
 * client's round robin resolves the service's name again and spreads onto pods that were
 * added since it connected; grpc-js only re-resolves when a connection ends.
 */
const CONNECTION_AGE = {
  'grpc.max_connection_age_ms': 5 * 60_000,
  'grpc.max_connection_age_grace_ms': 30_000,
} as const;

export async function serve(options: ServeOptions): Promise<RunningServer> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': 4 * 1024 * 1024,
    ...CONNECTION_AGE,
    ...PER_CALL_BOOKKEEPING_OFF,
  });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);

  for (const { service, handlers } of options.services) {
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const method of service.methods as DescMethod[]) {
      const handler = handlers[method.localName];
      if (!handler) throw new Error(`${service.typeName}.${method.name} has no handler`);
      const rpc = `${service.name}.${method.name}`;
      implementation[method.localName] = (
        call: grpc.ServerUnaryCall<MessageShape<DescMessage>, unknown>,
        callback: grpc.sendUnaryData<unknown>,
      ) => {
        const context = new ServerCallContext(call, options.log, rpc);
        const claimsCaller =
          call.metadata.get(METADATA_USER_ID).length > 0 || call.metadata.get(METADATA_CALLER_ASSERTION).length > 0;
        // Anonymous calls skip the verification promise entirely (the hot path of most reads).
        const answer = claimsCaller
          ? verifiedCaller(call.metadata, service.typeName, options.callerVerifier, context).then((userId) => {
              context.userId = userId;
              return handler(call.request, context);
            })
          : handler(call.request, context);
        answer.then(
          (response) => {
            if (call.cancelled) context.log.info('call finished after its caller gave up');
            callback(null, isMessage(response, method.output) ? response : create(method.output, response));
          },
          (error: unknown) => {
            if (call.cancelled) context.log.info({ err: error }, 'call finished after its caller gave up');
            callback(toServiceError(error, context.log));
          },
        );
      };
    }
    server.addService(grpcServiceDefinition(service), implementation);
    health.setStatus(service.typeName, 'SERVING');
  }

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${options.host ?? '0.0.0.0'}:${options.port}`,
      grpc.ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    ),
  );
  health.setStatus('', 'SERVING');
  options.log.info({ port }, 'gRPC server listening');

  return {
    port,
    health,
    async shutdown(graceMs = 10_000) {
      health.setStatus('', 'NOT_SERVING');
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}

/** Turns a failed call into the DomainError it carried, or a transport-level code. */
function domainErrorFromGrpc(error: grpc.ServiceError): DomainError {
  const carried = String(error.metadata?.get(METADATA_EXC)[0] ?? '')
    .split(',')
    .filter(isExcCode);
  if (carried.length > 0) return new DomainError(...(carried as [ExcCode, ...ExcCode[]]));
  switch (error.code) {
    case grpc.status.UNAVAILABLE:
      return new DomainError('EXC_SERVICE_UNAVAILABLE');
    case grpc.status.DEADLINE_EXCEEDED:
      return new DomainError('EXC_SERVICE_TIMEOUT');
    default:
      return new DomainError('EXC_UNKNOWN');
  }
}

export interface ClientOptions {
  /** Default deadline of every call, in milliseconds. */
  timeoutMs?: number;
  /** Vouches for `userId` on each call that carries one; without it such calls are refused locally. */
  callerSigner?: CallerSigner;
}

/**
 * Round robin over every address the name resolves to: a `dns:///auth-headless:50051` name of
 * a headless Kubernetes Service answers one address per pod, and grpc-js's default
 * (pick_first) would send every call of this process to the first of them. Resolution of a
 * service config from DNS TXT records is off, so this stays the policy.
 */
const ROUND_ROBIN = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.service_config_disable_resolution': 1,
} as const;

export function createClient<S extends GenService<GenServiceMethods>>(
  service: S,
  address: string,
  defaults: ClientOptions = {},
): ServiceClient<S> {
  const Client = grpc.makeGenericClientConstructor(grpcServiceDefinition(service), service.typeName);
  const client = new Client(address, grpc.credentials.createInsecure(), {
    // Fail fast instead of queueing while the service is down.
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 2_000,
    // Our calls carry deadlines and the gateway answers a failure with a clear code; the
    // retry layer would wrap every call (buffering its message) for retries we never configure.
    'grpc.enable_retries': 0,
    ...ROUND_ROBIN,
    ...PER_CALL_BOOKKEEPING_OFF,
  });
  const typed: Record<string, unknown> = { close: () => client.close() };
  for (const method of service.methods as DescMethod[]) {
    const rpc = (client as unknown as Record<string, Function>)[method.localName]!.bind(client);
    typed[method.localName] = async (request: MessageInitShape<DescMessage>, options: CallOptions = {}) => {
      const deadline = Date.now() + (options.timeoutMs ?? defaults.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const metadata = new grpc.Metadata();
      const requestId = options.requestId ?? randomUUID();
      metadata.set(METADATA_REQUEST_ID, requestId);
      if (options.clientAddress) metadata.set(METADATA_CLIENT_ADDRESS, options.clientAddress);
      if (options.userId) {
        if (!defaults.callerSigner)
          throw new Error(`${service.typeName}: a call for a user needs a client made with a callerSigner`);
        metadata.set(METADATA_USER_ID, options.userId);
        metadata.set(
          METADATA_CALLER_ASSERTION,
          await defaults.callerSigner.sign({ userId: options.userId, audience: service.typeName }),
        );
      }
      const message = isMessage(request, method.input) ? request : create(method.input, request);
      return new Promise((resolve, reject) => {
        // grpc-js captures the caller's stack (`new Error()`) on every call, only to decorate
        // the error of a failed one; here such an error becomes a DomainError and is dropped,
        // so the capture (several µs a call) is skipped.
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
          rpc(message, metadata, { deadline }, (error: grpc.ServiceError | null, response: unknown) =>
            error ? reject(domainErrorFromGrpc(error)) : resolve(response),
          );
        } finally {
          Error.stackTraceLimit = stackTraceLimit;
        }
      });
    };
  }
  return typed as ServiceClient<S>;
}

/** A client of the standard gRPC health protocol, for readiness checks and probes. */
export interface HealthChecker {
  /** True when the whole server ('') answers SERVING within `timeoutMs`. */
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

type HealthClient = grpc.Client & {
  check(
    request: { service: string },
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response?: { status: string }) => void,
  ): void;
};

export function createHealthChecker(address: string): HealthChecker {
  const Health = grpc.makeGenericClientConstructor(healthService as never, 'Health');
  const client = new Health(address, grpc.credentials.createInsecure()) as unknown as HealthClient;
  return {
    isServing: (timeoutMs) =>
      new Promise((resolve) => {
        client.check({ service: '' }, { deadline: Date.now() + timeoutMs }, (error, response) =>
          resolve(!error && response?.status === 'SERVING'),
        );
      }),
    close: () => client.close(),
  };
}
