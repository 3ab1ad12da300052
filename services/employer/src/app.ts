// Assembles the employer service from its configuration and serves it over gRPC. The gateway's
// tests and the test stack start it in-process through the package entry.
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import { createFileClaims } from '@darmankar/platform/file-claims';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { connectEvents, type ServiceEvents, type StartOptions } from '@darmankar/platform/service';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { authDirectory } from './adapters/auth-directory.ts';
import type { EmployerConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { Agents } from './domain/agents.ts';
import { EmployerFiles } from './domain/employer-files.ts';
import { Employers } from './domain/employers.ts';
import { Templates } from './domain/templates.ts';
import { KnownUsers } from './domain/users.ts';
import { consumeAuthEvents } from './events/auth-consumer.ts';
import { consumePlanEvents } from './events/billing-consumer.ts';
import { employerHandlers } from './rpc/employer-handlers.ts';

export interface RunningEmployerService {
  port: number;
  stop(): Promise<void>;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startEmployerService(
  config: EmployerConfig,
  options: StartOptions = {},
): Promise<RunningEmployerService> {
  const log = options.log ?? createLogger('employer', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const db = createDatabase(createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log }));
  const callerSigner = createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  const files = createFileClaims(config.FILES_GRPC_URL, callerSigner);
  const directory = authDirectory(config.AUTH_GRPC_URL, callerSigner);
  let events: ServiceEvents | undefined;
  try {
    const users = new KnownUsers(db, clock, directory, log);
    const employers = new Employers(db, users, new EmployerFiles(files, config.FILE_LINK_TTL_SECONDS, log), clock);
    const handlers = employerHandlers(employers, new Agents(db, users, clock), new Templates(db, clock), {
      publicWebUrl: config.PUBLIC_WEB_URL,
    });
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    if (events.bus) {
      await consumeAuthEvents(events.bus, db, users);
      // A plan that includes promotion promotes its employer while it is active.
      await consumePlanEvents(events.bus, db, clock, log);
    } else log.warn("no bus: invited agents are not linked to users, and plans' promotion is not followed");
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(EmployerService, handlers)],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    return {
      port: server.port,
      async stop() {
        await server.shutdown();
        await events?.stop();
        files.close();
        directory.close();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await events?.stop();
    files.close();
    directory.close();
    await db.$disconnect();
    throw error;
  }
}
