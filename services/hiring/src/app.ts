// Assembles the hiring service from its configuration and serves it over gRPC. Applying reads
// the caller's resume (resume service) and the posting (recruitment), checks the employer's
// membership and templates (employer service) and holds the resume's files (files service),
// acting for the caller; every change of an application goes to the outbox and on to the bus
// (hiring.application.v1).
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import { createEmployerAccess, type EmployerAccess } from '@darmankar/platform/employer-access';
import { createFileClaims } from '@darmankar/platform/file-claims';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { connectEvents, type ServiceEvents, type StartOptions } from '@darmankar/platform/service';
import { HiringService } from '@darmankar/proto/hiring/v1/hiring_pb';
import { createEmployerDirectory } from './adapters/employer-directory.ts';
import { createPostingReader } from './adapters/posting-reader.ts';
import { createResumeReader } from './adapters/resume-reader.ts';
import { postingCacheTtlMs, type HiringConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { Applications } from './domain/applications.ts';
import { Pipeline } from './domain/pipeline.ts';
import { publishApplicationChanged } from './events/application-events.ts';
import { hiringHandlers } from './rpc/hiring-handlers.ts';

export interface RunningHiringService {
  port: number;
  stop(): Promise<void>;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startHiringService(
  config: HiringConfig,
  options: StartOptions = {},
): Promise<RunningHiringService> {
  const log = options.log ?? createLogger('hiring', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const db = createDatabase(createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log }));
  const callerSigner = createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  const employers = createEmployerDirectory({ address: config.EMPLOYER_GRPC_URL, callerSigner });
  const postings = createPostingReader({ address: config.RECRUITMENT_GRPC_URL, callerSigner });
  const resumes = createResumeReader({ address: config.RESUME_GRPC_URL, callerSigner });
  const files = createFileClaims(config.FILES_GRPC_URL, callerSigner);
  let events: ServiceEvents | undefined;
  let access: EmployerAccess | undefined;
  const closeClients = () => {
    employers.close();
    postings.close();
    resumes.close();
    files.close();
  };
  try {
    // The process's one bus: the outbox relay runs on it, and the access cache listens on it
    // for agent changes (ADR 021).
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    access = await createEmployerAccess({
      address: config.EMPLOYER_GRPC_URL,
      callerSigner,
      bus: events.bus,
      clock,
      log,
    });
    const publish = publishApplicationChanged;
    const applications = new Applications(db, { access, postings, employers, resumes, files, publish }, clock, log);
    const pipeline = new Pipeline(
      db,
      { access, postings, employers, files, publish },
      clock,
      { fileLinkTtlSeconds: config.APPLICATION_FILE_LINK_TTL_SECONDS, postingCacheTtlMs: postingCacheTtlMs(config) },
      log,
    );
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(HiringService, hiringHandlers({ applications, pipeline }))],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    const stopping = access;
    return {
      port: server.port,
      async stop() {
        await server.shutdown();
        await stopping.close();
        await events?.stop();
        closeClients();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await access?.close();
    await events?.stop();
    closeClients();
    await db.$disconnect();
    throw error;
  }
}
