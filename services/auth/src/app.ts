// Assembles the auth service from its configuration and serves it over gRPC. The gateway's
// integration tests and the test stack start it in-process through `startAuthService`.
import { createCallerVerifier } from '@darmankar/platform/caller-identity';
import { createLogger } from '@darmankar/platform/log';
import { bindService, serve } from '@darmankar/platform/grpc';
import {
  createMessaging,
  DevOutbox,
  templateNameFor,
  type Messaging,
  type SmsSender,
} from '@darmankar/platform/messaging';
import { connectEvents, type StartOptions, type Stoppable } from '@darmankar/platform/service';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import type { AuthConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { createUserReads } from './db/user-reads.ts';
import { Authentication } from './domain/authentication.ts';
import { CellphoneCodes } from './domain/cellphone-codes.ts';
import { systemClock } from './domain/clock.ts';
import { EmailVerification } from './domain/email-verification.ts';
import { Purge, type PurgeCounts } from './domain/purge.ts';
import { Sessions } from './domain/sessions.ts';
import { loadAccessTokenSigner } from './domain/signing-keys.ts';
import { BudgetedSms, SmsBudget } from './domain/sms-budget.ts';
import { SecuritySms, type SecurityTemplates } from './domain/sms.ts';
import { authHandlers } from './rpc/auth-handlers.ts';

export interface RunningAuthService {
  port: number;
  /** Runs the scheduled purge now (it also runs every PURGE_INTERVAL_SECONDS). */
  purge(): Promise<PurgeCounts>;
  stop(): Promise<void>;
}

export interface AuthServiceOptions extends StartOptions {
  /** Replaces the configured SMS provider (for example with a recording one). */
  sms?: SmsSender;
}

/** The approved templates of codes and of the cellphone-changed notice, for the provider in effect. */
function securityTemplates(config: AuthConfig): SecurityTemplates {
  return {
    code: templateNameFor(config, { kavenegar: config.KAVENEGAR_TEMPLATE, smsir: config.SMSIR_CODE_TEMPLATE_ID }),
    notice: templateNameFor(config, {
      kavenegar: config.KAVENEGAR_NOTICE_TEMPLATE,
      smsir: config.SMSIR_NOTICE_TEMPLATE_ID,
    }),
  };
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startAuthService(
  config: AuthConfig,
  options: AuthServiceOptions = {},
): Promise<RunningAuthService> {
  const log = options.log ?? createLogger('auth', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const pool = createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log });
  const db = createDatabase(pool);
  let events: Stoppable | undefined;
  let purgeSchedule: { stop(): Promise<void> } | undefined;
  let messaging: Messaging | undefined;
  try {
    const devOutbox = new DevOutbox(pool);
    messaging = createMessaging(config, { devOutbox, log });
    const signer = await loadAccessTokenSigner(
      db,
      {
        ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        rotationDays: config.SIGNING_KEY_ROTATION_DAYS,
        encryptionSecret: config.SIGNING_KEY_ENCRYPTION_SECRET,
      },
      clock,
      log,
    );
    const sessions = new Sessions(
      db,
      signer,
      {
        refreshTokenTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
        reuseGraceSeconds: config.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
      },
      clock,
    );
    const sms = new SecuritySms(
      new BudgetedSms(new SmsBudget(db, config.SMS_HOURLY_BUDGET, clock, log), options.sms ?? messaging.sms),
      securityTemplates(config),
    );
    const codes = new CellphoneCodes(
      db,
      sms,
      {
        ttlSeconds: config.CELLPHONE_CODE_TTL_SECONDS,
        resendSeconds: config.CELLPHONE_CODE_RESEND_SECONDS,
        maxAttempts: config.CELLPHONE_CODE_MAX_ATTEMPTS,
        dailyLimit: config.CELLPHONE_CODE_DAILY_LIMIT,
        lockoutSeconds: config.CELLPHONE_LOCKOUT_SECONDS,
        hashSecret: config.CODE_HASH_SECRET,
      },
      clock,
      log,
    );
    const emailVerification = new EmailVerification(
      db,
      messaging.mail,
      {
        ttlSeconds: config.EMAIL_CODE_TTL_SECONDS,
        hashSecret: config.CODE_HASH_SECRET,
        publicWebUrl: config.PUBLIC_WEB_URL,
        dailyLimitPerUser: config.EMAIL_VERIFICATION_DAILY_LIMIT_PER_USER,
        dailyLimitPerAddress: config.EMAIL_VERIFICATION_DAILY_LIMIT_PER_ADDRESS,
      },
      clock,
      log,
    );
    const purge = new Purge(db, signer, { refreshTokenTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS }, clock, log);
    const handlers = authHandlers({
      authentication: new Authentication(db, codes, sessions, createUserReads(pool), sms, log),
      sessions,
      emailVerification,
      signer,
      devOutbox,
      devOutboxReadable: config.NODE_ENV !== 'production',
    });
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(AuthService, handlers)],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    purgeSchedule = purge.schedule(config.PURGE_INTERVAL_SECONDS * 1000);
    return {
      port: server.port,
      purge: () => purge.run(),
      async stop() {
        await server.shutdown();
        await purgeSchedule?.stop();
        await events?.stop();
        messaging?.close();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await purgeSchedule?.stop();
    await events?.stop();
    messaging?.close();
    await db.$disconnect();
    throw error;
  }
}
