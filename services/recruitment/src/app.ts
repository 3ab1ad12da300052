// Assembles the recruitment service from its configuration and serves it over gRPC. The
// suggestion items are loaded from data/ into the database on every start (idempotent), so a
// release that changes a data file changes what the pickers offer.
import { createCallerVerifier } from '@darmankar/platform/caller-identity';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import type { StartOptions } from '@darmankar/platform/service';
import { RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import type { RecruitmentConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { loadSuggestionRows } from './db/suggestion-data.ts';
import { createSuggestionStore } from './db/suggestion-store.ts';
import { Suggestions } from './domain/suggestions.ts';
import { recruitmentHandlers } from './rpc/recruitment-handlers.ts';

export interface RunningRecruitmentService {
  port: number;
  stop(): Promise<void>;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startRecruitmentService(
  config: RecruitmentConfig,
  options: StartOptions = {},
): Promise<RunningRecruitmentService> {
  const log = options.log ?? createLogger('recruitment', config.LOG_LEVEL);
  const db = createDatabase(createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log }));
  try {
    const store = createSuggestionStore(db);
    const rows = await loadSuggestionRows();
    await store.replaceAll(rows);
    log.info({ items: rows.length }, 'suggestions loaded');
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(RecruitmentService, recruitmentHandlers(new Suggestions(store)))],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    return {
      port: server.port,
      async stop() {
        await server.shutdown();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await db.$disconnect();
    throw error;
  }
}
