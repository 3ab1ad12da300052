// The billing service's hot paths over gRPC, billing and employer each started as its own node
// process (billing with the sandbox payment provider, so NODE_ENV=development: the sandbox is
// refused in production):
//   purchase  CreateCart → StartPayment (gateway, sandbox) → DecideSandboxPayment(approve) →
//             SubmitPayment("OK"), sequential, one purchase per new employer; each step and the total
//   consume   ConsumeResource(RECRUITMENT) for one employer with a big active plan, concurrent callers,
//             unique references; calls/s and p50/p95, then a check that the units went down by
//             exactly the number of calls
//   plans     ListPlans, anonymous, sequential
//   top-ups   StartTopUp → DecideSandboxPayment(approve), sequential, the payer never coming back;
//             then reconciliation (every second in this run) settles them all: how long until every
//             one is credited, and a check that each was credited exactly once
// Environment: BENCH_PURCHASES (100), BENCH_CONSUMES (2000), BENCH_CONSUMERS (10), BENCH_PLANS (500),
// BENCH_TOP_UPS (200), TEST_POSTGRES_URL.
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createCallerSigner } from '@darmankar/platform/caller-identity';
import { createClient, createHealthChecker } from '@darmankar/platform/grpc';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl } from '@darmankar/platform/testing';
import { BillingService, PaymentMethod, ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { percentile, processGroup, ROOT, waitFor } from './processes.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 100);
const CONSUMES = Number(process.env.BENCH_CONSUMES ?? 2000);
const CONSUMERS = Number(process.env.BENCH_CONSUMERS ?? 10);
const PLAN_CALLS = Number(process.env.BENCH_PLANS ?? 500);
const TOP_UPS = Number(process.env.BENCH_TOP_UPS ?? 200);
const TOP_UP_RIALS = 1_000_000;
// Payments younger than this are left to the payer; the benchmark ages its top-ups past it.
const RECONCILE_MIN_AGE_MS = 60_000;
const ENTERPRISE_PLAN = '0b6f3c2e-6d0a-4c51-9a10-000000000003';
const BIG_PLAN_UNITS = 1_000_000;
const processes = processGroup();
const TELEMETRY = { preload: ['@darmankar/platform/telemetry-register'] };

const summary = (values: number[], digits = 2) =>
  `p50 ${percentile(values, 50).toFixed(digits)} ms, p95 ${percentile(values, 95).toFixed(digits)} ms (n=${values.length})`;

async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await work();
  into.push(performance.now() - startedAt);
  return result;
}

const authorityOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split('/').pop()!;

async function main(): Promise<void> {
  console.log(`Darmankar billing benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}; load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const employerDb = await createTestDatabase(
    'bench_billing_employer',
    serviceMigrationSets(`${ROOT}services/employer`),
  );
  const billingDb = await createTestDatabase('bench_billing', serviceMigrationSets(`${ROOT}services/billing`));
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_bench_events_${randomBytes(4).toString('hex')}`;
  const eventsUrl = events.toString();
  try {
    const [employerPort, billingPort] = [await freePort(), await freePort()];
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    processes.start(
      'employer',
      'services/employer/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: employerDb.url,
        GRPC_PORT: String(employerPort),
        EVENTS_DATABASE_URL: eventsUrl,
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
      },
      TELEMETRY,
    );
    const employerHealth = createHealthChecker(`127.0.0.1:${employerPort}`);
    const billingHealth = createHealthChecker(`127.0.0.1:${billingPort}`);
    await waitFor('employer', () => employerHealth.isServing(1000));
    // Billing only once the employer is up: both would create the shared events database at once.
    processes.start(
      'billing',
      'services/billing/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: billingDb.url,
        GRPC_PORT: String(billingPort),
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        PAYMENT_PROVIDER: 'sandbox',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        RECONCILE_INTERVAL_MS: '1000',
        RECONCILE_MIN_AGE_MS: String(RECONCILE_MIN_AGE_MS),
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
      },
      TELEMETRY,
    );
    await waitFor('billing', () => billingHealth.isServing(1000));
    employerHealth.close();
    billingHealth.close();

    const signer = createCallerSigner({ privateKey: privatePem });
    const employers = createClient(EmployerService, `127.0.0.1:${employerPort}`, { callerSigner: signer });
    const billing = createClient(BillingService, `127.0.0.1:${billingPort}`, { callerSigner: signer });
    const anonymous = createClient(BillingService, `127.0.0.1:${billingPort}`);
    const newEmployer = async () => {
      const owner = randomUUID();
      const created = await employers.createEmployer(
        { brand: `کلینیک ${randomBytes(3).toString('hex')}`, isSelfEmployed: false },
        { userId: owner },
      );
      return { owner, employerId: created.employer!.id };
    };
    const database = new pg.Client({ connectionString: billingDb.url });
    await database.connect();
    try {
      // Purchases: the employers are made first (not measured), then bought for one after another.
      const buyers = [];
      for (let i = 0; i < PURCHASES; i++) buyers.push(await newEmployer());
      const buy = async (
        { owner, employerId }: { owner: string; employerId: string },
        steps?: Record<string, number[]>,
      ) => {
        const at = (name: string) => steps?.[name] ?? [];
        const order = (
          await timed(at('CreateCart'), () =>
            billing.createCart({ employerId, planId: ENTERPRISE_PLAN }, { userId: owner }),
          )
        ).order!;
        const started = await timed(at('StartPayment'), () =>
          billing.startPayment({ orderId: order.id, method: PaymentMethod.GATEWAY }, { userId: owner }),
        );
        const authority = authorityOf(started.redirectUrl);
        await timed(at('DecideSandboxPayment'), () => billing.decideSandboxPayment({ authority, approve: true }));
        await timed(at('SubmitPayment'), () => billing.submitPayment({ authority, status: 'OK' }));
      };
      // Warm-up: two purchases on employers of their own.
      for (let i = 0; i < 2; i++) await buy(await newEmployer());
      const steps: Record<string, number[]> = {
        CreateCart: [],
        StartPayment: [],
        DecideSandboxPayment: [],
        SubmitPayment: [],
        total: [],
      };
      for (const buyer of buyers) await timed(steps.total!, () => buy(buyer, steps));
      const paid = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM purchased_plans WHERE status = 'active'`,
      );
      console.log(
        `\npurchase over gRPC, sequential, ${PURCHASES} purchases over ${PURCHASES} employers (sandbox; active plans after: ${paid.rows[0]!.n}):`,
      );
      for (const [name, times] of Object.entries(steps)) console.log(`  ${name.padEnd(22)} ${summary(times)}`);

      // ConsumeResource: one employer's enterprise plan raised to a million recruitment units.
      const consumer = buyers[0]!;
      await database.query(
        `UPDATE purchased_plans SET recruitment_remaining = $2 WHERE employer_id = $1 AND status = 'active'`,
        [consumer.employerId, BIG_PLAN_UNITS],
      );
      const remaining = async () =>
        (
          await database.query<{ n: number }>(
            `SELECT recruitment_remaining AS n FROM purchased_plans WHERE employer_id = $1 AND status = 'active'`,
            [consumer.employerId],
          )
        ).rows[0]!.n;
      const consume = (reference: string) =>
        billing.consumeResource(
          { employerId: consumer.employerId, kind: ResourceKind.RECRUITMENT, referenceId: reference },
          { userId: consumer.owner },
        );
      for (let i = 0; i < 50; i++) await consume(`warm-${i}`);
      const before = await remaining();
      const consumeTimes: number[] = [];
      let next = 0;
      const startedAt = performance.now();
      await Promise.all(
        Array.from({ length: CONSUMERS }, async () => {
          while (next < CONSUMES) {
            const reference = `posting-${next++}`;
            await timed(consumeTimes, () => consume(reference));
          }
        }),
      );
      const seconds = (performance.now() - startedAt) / 1000;
      const after = await remaining();
      const usages = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM resource_usages WHERE employer_id = $1 AND reference_id LIKE 'posting-%'`,
        [consumer.employerId],
      );
      console.log(`\nConsumeResource, ${CONSUMERS} concurrent callers, one employer, ${CONSUMES} unique references:`);
      console.log(`  ${(CONSUMES / seconds).toFixed(0)} calls/s (${seconds.toFixed(2)} s)   ${summary(consumeTimes)}`);
      console.log(
        `  recruitment units ${before} → ${after}: down by ${before - after} for ${CONSUMES} calls, ${usages.rows[0]!.n} usage rows`,
      );
      assert.equal(before - after, CONSUMES, 'the units went down by exactly the number of calls');
      assert.equal(usages.rows[0]!.n, CONSUMES, 'one usage row per call');

      // ListPlans, anonymous.
      for (let i = 0; i < 50; i++) await anonymous.listPlans({});
      const planTimes: number[] = [];
      for (let i = 0; i < PLAN_CALLS; i++) await timed(planTimes, () => anonymous.listPlans({}));
      console.log(`\nListPlans, anonymous, sequential:`);
      console.log(`  ${summary(planTimes, 3)}`);

      // Top-ups whose payer never came back: approved at the sandbox, never submitted.
      const startTimes: number[] = [];
      for (let i = 0; i < TOP_UPS; i++) {
        const { owner, employerId } = buyers[i % buyers.length]!;
        const started = await timed(startTimes, () =>
          billing.startTopUp({ employerId, amount: { rials: BigInt(TOP_UP_RIALS) } }, { userId: owner }),
        );
        await billing.decideSandboxPayment({ authority: authorityOf(started.redirectUrl), approve: true });
      }
      const topUpsPaid = async () =>
        (
          await database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM payments WHERE purpose = 'top_up' AND status = 'paid'`,
          )
        ).rows[0]!.n;
      // Aged past the minimum age at once, so the next run of the job takes them all.
      const settlingFrom = performance.now();
      await database.query(
        `UPDATE payments SET created_at = created_at - make_interval(secs => $1) WHERE purpose = 'top_up'`,
        [RECONCILE_MIN_AGE_MS / 1000],
      );
      while ((await topUpsPaid()) < TOP_UPS) {
        if (performance.now() - settlingFrom > 120_000)
          throw new Error('reconciliation did not settle the top-ups in 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const settleSeconds = (performance.now() - settlingFrom) / 1000;
      const credits = await database.query<{ n: number; sum: string }>(
        `SELECT count(*)::int AS n, coalesce(sum(amount_rials), 0)::text AS sum FROM wallet_entries WHERE reason = 'top_up'`,
      );
      console.log(
        `\ntop-ups whose payer never came back, ${TOP_UPS} over ${Math.min(TOP_UPS, buyers.length)} employers:`,
      );
      console.log(`  StartTopUp ${summary(startTimes)}`);
      console.log(
        `  reconciliation settled ${TOP_UPS} in ${settleSeconds.toFixed(2)} s (${(TOP_UPS / settleSeconds).toFixed(0)} payments/s); ${credits.rows[0]!.n} wallet credits`,
      );
      assert.equal(credits.rows[0]!.n, TOP_UPS, 'each top-up credited once');
      assert.equal(BigInt(credits.rows[0]!.sum), BigInt(TOP_UPS) * BigInt(TOP_UP_RIALS), 'the credits add up');
    } finally {
      await database.end();
      employers.close();
      billing.close();
      anonymous.close();
    }
  } finally {
    await processes.stopAll();
    await billingDb.drop();
    await employerDb.drop();
    await dropDatabase(eventsUrl);
  }
}

await main();
