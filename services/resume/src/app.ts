// Assembles the resume service from its configuration and serves it over gRPC. The gateway's
// tests and the test stack start it in-process through the package entry.
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import { createFileClaims } from '@darmankar/platform/file-claims';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { connectEvents, type StartOptions, type Stoppable } from '@darmankar/platform/service';
import { ResumeService } from '@darmankar/proto/resume/v1/resume_pb';
import type { ResumeConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { createResumeReads } from './db/resume-reads.ts';
import { Resumes } from './domain/resumes.ts';
import { resumeHandlers } from './rpc/resume-handlers.ts';

export interface RunningResumeService {
  port: number;
  stop(): Promise<void>;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startResumeService(
  config: ResumeConfig,
  options: StartOptions = {},
): Promise<RunningResumeService> {
  const log = options.log ?? createLogger('resume', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const pool = createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log });
  const db = createDatabase(pool);
  const files = createFileClaims(
    config.FILES_GRPC_URL,
    createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY }),
  );
  let events: Stoppable | undefined;
  try {
    const resumes = new Resumes(
      db,
      createResumeReads(pool),
      files,
      { customLinkTtlSeconds: config.CUSTOM_RESUME_LINK_TTL_SECONDS },
      clock,
      log,
    );
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(ResumeService, resumeHandlers(resumes))],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    return {
      port: server.port,
      async stop() {
        await server.shutdown();
        await events?.stop();
        files.close();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await events?.stop();
    files.close();
    await db.$disconnect();
    throw error;
  }
}
