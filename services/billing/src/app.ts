// Assembles the billing service from its configuration and serves it over gRPC. The gateway's
// tests and the test stack start it in-process through the package entry.
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import { createEmployerAccess, type EmployerAccess } from '@darmankar/platform/employer-access';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger, type Logger } from '@darmankar/platform/log';
import { connectEvents, type ServiceEvents, type StartOptions } from '@darmankar/platform/service';
import { BillingService } from '@darmankar/proto/billing/v1/billing_pb';
import { createSandboxProvider, type SandboxProvider } from './adapters/sandbox-payments.ts';
import { createZarinpalProvider } from './adapters/zarinpal.ts';
import type { BillingConfig } from './config.ts';
import { createDatabase, createPool, type Database } from './db/client.ts';
import { Orders } from './domain/orders.ts';
import type { PaymentProvider } from './domain/payment-provider.ts';
import { Payments } from './domain/payments.ts';
import { Plans } from './domain/plans.ts';
import { PurchasedPlans } from './domain/purchases.ts';
import { Resources } from './domain/resources.ts';
import { billingHandlers } from './rpc/billing-handlers.ts';

export interface RunningBillingService {
  port: number;
  stop(): Promise<void>;
}

function paymentProvider(config: BillingConfig, db: Database, clock: () => number, log: Logger): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'zarinpal') {
    // Outside production a missing merchant id is allowed so the service starts; Zarinpal refuses the requests.
    return createZarinpalProvider({
      merchantId: config.ZARINPAL_MERCHANT_ID ?? '',
      baseUrl: config.ZARINPAL_BASE_URL,
      timeoutMs: config.PAYMENT_TIMEOUT_MS,
      log,
    });
  }
  return createSandboxProvider(db, config.PUBLIC_WEB_URL, clock);
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startBillingService(
  config: BillingConfig,
  options: StartOptions = {},
): Promise<RunningBillingService> {
  const log = options.log ?? createLogger('billing', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const db = createDatabase(createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log }));
  let events: ServiceEvents | undefined;
  let access: EmployerAccess | undefined;
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
      callerSigner: createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY }),
      bus: events.bus,
      clock,
      log,
    });
    const provider = paymentProvider(config, db, clock, log);
    const orders = new Orders(db, access, clock);
    const handlers = billingHandlers({
      plans: new Plans(db),
      purchases: new PurchasedPlans(db, access, clock),
      orders,
      payments: new Payments(db, orders, provider, clock, {
        callbackUrl: `${config.PUBLIC_WEB_URL.replace(/\/+$/, '')}/orders/payment-callback`,
        log,
      }),
      resources: new Resources(db, access, clock),
      sandbox: provider.name === 'sandbox' ? (provider as SandboxProvider) : null,
    });
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(BillingService, handlers)],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    const stopping = access;
    return {
      port: server.port,
      async stop() {
        await server.shutdown();
        await stopping.close();
        await events?.stop();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await access?.close();
    await events?.stop();
    await db.$disconnect();
    throw error;
  }
}
