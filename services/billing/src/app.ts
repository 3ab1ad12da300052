// Assembles the billing service from its configuration and serves it over gRPC. The gateway's
// tests and the test stack start it in-process through the package entry.
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import { createEmployerAccess, type EmployerAccess } from '@darmankar/platform/employer-access';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger, type Logger } from '@darmankar/platform/log';
import { repeatEvery } from '@darmankar/platform/schedule';
import { connectEvents, type ServiceEvents, type StartOptions, type Stoppable } from '@darmankar/platform/service';
import { BillingService } from '@darmankar/proto/billing/v1/billing_pb';
import { createSandboxProvider, type SandboxProvider } from './adapters/sandbox-payments.ts';
import { createZarinpalProvider } from './adapters/zarinpal.ts';
import type { BillingConfig } from './config.ts';
import { createDatabase, createPool, type Database } from './db/client.ts';
import { Orders } from './domain/orders.ts';
import type { PaymentProvider } from './domain/payment-provider.ts';
import { Payments, PaymentSettlement } from './domain/payments.ts';
import { Plans } from './domain/plans.ts';
import { PurchasedPlans } from './domain/purchases.ts';
import { Reconciliation, type ReconcileSummary } from './domain/reconciliation.ts';
import { Resources } from './domain/resources.ts';
import { createEmployerDirectory, type EmployerDirectory } from './adapters/employer-directory.ts';
import { DiscountCodes } from './domain/discounts.ts';
import { Invoices } from './domain/invoices.ts';
import { PlanTime } from './domain/plan-time.ts';
import { TopUps } from './domain/top-ups.ts';
import { billingHandlers } from './rpc/billing-handlers.ts';

export interface RunningBillingService {
  port: number;
  /** Runs payment reconciliation now (it also runs every RECONCILE_INTERVAL_MS). */
  reconcileOnce(): Promise<ReconcileSummary>;
  /** Runs the plan-time job now (it also runs every PLAN_SWEEP_INTERVAL_MS). */
  sweepPlansOnce(): Promise<{ expired: number; expiring: number }>;
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
  let directory: EmployerDirectory | undefined;
  let planSweeping: Stoppable | undefined;
  let reconciling: Stoppable | undefined;
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
    // The invoice's buyer is read from the employer service as the calling user, vouched for
    // by this service's caller key as its access checks are.
    directory = createEmployerDirectory({
      address: config.EMPLOYER_GRPC_URL,
      callerSigner: createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY }),
    });
    const planTime = new PlanTime(db, clock, { expiringDays: config.PLAN_EXPIRING_DAYS });
    const orders = new Orders(db, access, clock, { vatPercent: config.VAT_PERCENT });
    const callbackUrl = `${config.PUBLIC_WEB_URL.replace(/\/+$/, '')}/orders/payment-callback`;
    const settlement = new PaymentSettlement(db, provider, clock, log);
    const reconciliation = new Reconciliation(
      db,
      settlement,
      clock,
      { minAgeMs: config.RECONCILE_MIN_AGE_MS, windowMs: config.PAYMENT_WINDOW_MS },
      log,
    );
    const handlers = billingHandlers({
      plans: new Plans(db),
      purchases: new PurchasedPlans(db, access, clock),
      orders,
      payments: new Payments(db, orders, provider, settlement, clock, { callbackUrl, log }),
      resources: new Resources(db, access, clock, { lowThreshold: config.RESOURCES_LOW_THRESHOLD }),
      topUps: new TopUps(db, access, provider, clock, {
        bounds: { minRials: config.TOP_UP_MIN_RIALS, maxRials: config.TOP_UP_MAX_RIALS },
        callbackUrl,
        log,
      }),
      sandbox: provider.name === 'sandbox' ? (provider as SandboxProvider) : null,
      invoices: new Invoices(db, access, directory, {
        seller: {
          name: config.INVOICE_SELLER_NAME,
          nationalId: config.INVOICE_SELLER_NATIONAL_ID,
          economicCode: config.INVOICE_SELLER_ECONOMIC_CODE,
          address: config.INVOICE_SELLER_ADDRESS,
          postalCode: config.INVOICE_SELLER_POSTAL_CODE,
          phone: config.INVOICE_SELLER_PHONE,
        },
        vatPercent: config.VAT_PERCENT,
      }),
      discounts: new DiscountCodes(db, clock),
    });
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(BillingService, handlers)],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    reconciling = repeatEvery(config.RECONCILE_INTERVAL_MS, () => reconciliation.run(), log, 'payment reconciliation');
    planSweeping = repeatEvery(config.PLAN_SWEEP_INTERVAL_MS, () => planTime.sweep(), log, 'plan time');
    const stopping = access;
    const closingDirectory = directory;
    return {
      port: server.port,
      reconcileOnce: () => reconciliation.run(),
      sweepPlansOnce: () => planTime.sweep(),
      async stop() {
        await reconciling?.stop();
        await planSweeping?.stop();
        await server.shutdown();
        closingDirectory.close();
        await stopping.close();
        await events?.stop();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await reconciling?.stop();
    await planSweeping?.stop();
    directory?.close();
    await access?.close();
    await events?.stop();
    await db.$disconnect();
    throw error;
  }
}
