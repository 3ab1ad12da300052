// `make test` (and so `.ci/run`): every check and test of the project, on a fresh machine of
// this kind with nothing done by hand. Installs what is missing (Chromium and redis-server
// through apt; a Chromium still missing fails the run), finds or starts Postgres and Redis
// (none to be had fails the run: tests that need them must run, not skip), runs the checks (generated code fresh, type-checks, web build,
// import boundaries, formatting, the OpenAPI document), runs every test file in groups, and ends with two
// lines: `checks: N passed, N failed`, then the tests' `N passed, N failed` (`, N skipped`).
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { boundaryCommand } from './lib/boundaries.mjs';
import { FORMATTED_FILES, PRETTIER } from './lib/format.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { answers, postgresAnswers, startEmbeddedPostgres } from './lib/postgres.mjs';
import { findRedis } from './lib/redis.mjs';
import { REPO_ROOT, run } from './lib/run.mjs';
import { CHECK_TEST_FILES, GROUPS, tapCounts, testFiles } from './lib/test-files.mjs';

const MACHINE_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = '/usr/bin/chromium';
// A group that runs longer has hung (each test has its own 5-minute limit); the browser group
// took 789 s on a quiet machine with the hiring walks, so 15 minutes left too little room.
const GROUP_TIMEOUT_MS = 25 * 60_000;
const TEST_TIMEOUT_MS = 5 * 60_000;

// Checks and tests are counted apart: CI reads the last line as test results.
const checks = { passed: 0, failed: 0, skipped: 0 };
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function heading(text) {
  console.log(`\n\x1b[1m== ${text}\x1b[0m`);
}

/** One check (generation, typecheck, build, boundaries, OpenAPI) on the checks' line. */
function record(name, ok, detail = '') {
  if (ok === 'skip') {
    checks.skipped += 1;
    console.log(`\x1b[33m- skipped: ${name}${detail ? ` (${detail})` : ''}\x1b[0m`);
    return;
  }
  if (ok) {
    checks.passed += 1;
    console.log(`\x1b[32m✔ ${name}\x1b[0m`);
  } else {
    checks.failed += 1;
    failures.push(`check: ${name}`);
    console.log(`\x1b[31m✖ ${name}\x1b[0m${detail ? `\n${detail}` : ''}`);
  }
}

/** Chromium for the browser and PDF tests: installed through apt when missing, else the run fails. */
async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${CHROMIUM} is missing and this is not root: install it (apt-get install -y chromium); the browser tests cannot run without it`,
    );
  }
  heading('installing Chromium (apt-get install -y chromium)');
  const update = await run('apt-get', ['update'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  const install =
    update.code === 0
      ? await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
          env: { DEBIAN_FRONTEND: 'noninteractive' },
        })
      : update;
  if (install.code !== 0 || !existsSync(CHROMIUM))
    throw new Error(
      `installing Chromium failed (${CHROMIUM} is still missing): the browser tests cannot run without it`,
    );
}

/** The machine's Postgres when it answers, else an embedded one in a temporary folder. */
async function findPostgres() {
  if (await postgresAnswers(MACHINE_POSTGRES_URL)) {
    console.log("Postgres: the machine's server at 127.0.0.1:5432");
    return { url: MACHINE_POSTGRES_URL, stop: async () => {} };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'darmankar-test-postgres-'));
  // Postgres runs as the postgres user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  let port = 54330;
  while (await answers(port)) port += 1;
  console.log(`Postgres: none answers at 127.0.0.1:5432, starting an embedded one on port ${port}`);
  const server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What `make generate` writes and the repository commits: gRPC contracts and the REST contract's types. */
const GENERATED_CONTRACTS = [
  'proto/gen',
  'packages/api-types/openapi.json',
  'packages/api-types/src/openapi.ts',
  'helm/darmankar/values.yaml',
  'skaffold.yaml',
  'README.md',
  'docs/deploy.md',
  'deploy/dev/postgres.yaml',
];

async function checkGeneratedCode() {
  const generate = await run(process.execPath, ['scripts/generate.mjs'], { capture: true });
  if (generate.code !== 0)
    return record(
      'code generation (buf lint, buf generate, openapi-typescript, prisma generate)',
      false,
      generate.output,
    );
  record('code generation (buf lint, buf generate, openapi-typescript, prisma generate)', true);

  const isRepository = (await run('git', ['rev-parse', '--is-inside-work-tree'], { capture: true })).code === 0;
  if (!isRepository)
    return record('generated contracts are committed (proto/gen, packages/api-types)', 'skip', 'not a git checkout');
  const diff = await run('git', ['diff', '--exit-code', '--stat', '--', ...GENERATED_CONTRACTS], { capture: true });
  const untracked = (
    await run('git', ['ls-files', '--others', '--exclude-standard', '--', ...GENERATED_CONTRACTS], { capture: true })
  ).output.trim();
  const fresh = diff.code === 0 && untracked === '';
  record(
    'generated contracts are committed (proto/gen, packages/api-types)',
    fresh,
    fresh
      ? ''
      : `generated contracts differ from their sources: run \`npm run generate\` and commit ${GENERATED_CONTRACTS.join(', ')}\n${diff.output}${untracked}`,
  );
}

async function check(name, command, args, options = {}) {
  const result = await run(command, args, { ...options, capture: true });
  record(name, result.code === 0, result.code === 0 ? '' : result.output);
}

/** The contract checks that run as test files of their own, each one check. */
async function checkWithTests(name, file) {
  await check(name, process.execPath, ['--import', 'tsx', '--test', `--test-timeout=${TEST_TIMEOUT_MS}`, file]);
}

async function runGroup(group, env, tapDir) {
  const files = testFiles(group);
  heading(`tests: ${group.name} (${files.length} files)`);
  if (files.length === 0) return;
  const tapFile = path.join(tapDir, `${group.name.replaceAll(' ', '-')}.tap`);
  const started = Date.now();
  const result = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${group.concurrency}`,
      `--test-timeout=${TEST_TIMEOUT_MS}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...files.map((file) => path.relative(REPO_ROOT, file)),
    ],
    { env, timeoutMs: GROUP_TIMEOUT_MS },
  );
  const counts = tapCounts(tapFile);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.failed > 0) failures.push(`${group.name}: ${counts.failed} failed`);
  // A runner that died or timed out without its summary is one failure, not silence.
  if (!counts.found || (result.code !== 0 && counts.failed === 0)) {
    totals.failed += 1;
    failures.push(`${group.name}: the test runner ended with code ${result.code} without a complete report`);
  }
  console.log(
    `${group.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

async function main() {
  const started = Date.now();
  heading('dependencies');
  await ensureInstalled();
  await ensureChromium();

  heading('services');
  const redis = await findRedis();
  let postgres;
  try {
    postgres = await findPostgres();
  } catch (error) {
    await redis.stop();
    throw error;
  }
  // MAKE_TEST=1: a test that skips without a server this run provides (Redis, Chromium) fails instead.
  const env = {
    TEST_POSTGRES_URL: postgres.url,
    CHROME_PATH: CHROMIUM,
    TEST_REDIS_URL: redis.url,
    REDIS_URL: redis.url,
    MAKE_TEST: '1',
  };
  // Test files read these; the checks below and the test runner inherit them.
  Object.assign(process.env, env);

  const tapDir = mkdtempSync(path.join(os.tmpdir(), 'darmankar-test-report-'));
  try {
    heading('checks');
    await checkGeneratedCode();
    await check('typecheck (tsc -p tsconfig.json)', path.join(REPO_ROOT, 'node_modules/.bin/tsc'), [
      '-p',
      'tsconfig.json',
    ]);
    await check('typecheck of the web app', 'npm', ['run', 'typecheck', '-w', '@darmankar/web']);
    await check('web build (react-router build)', 'npm', ['run', 'build', '-w', '@darmankar/web']);
    const boundaries = boundaryCommand();
    await check(
      'import boundaries (dependency-cruiser, .dependency-cruiser.cjs)',
      boundaries.command,
      boundaries.args,
      { cwd: boundaries.cwd },
    );
    await check('formatting (prettier --check, .prettierrc.json)', process.execPath, [
      PRETTIER,
      '--check',
      ...FORMATTED_FILES,
    ]);
    for (const { name, file } of CHECK_TEST_FILES) await checkWithTests(name, file);

    for (const group of GROUPS) await runGroup(group, env, tapDir);
  } finally {
    rmSync(tapDir, { recursive: true, force: true });
    await postgres.stop().catch((error) => console.error(`stopping Postgres: ${error.message}`));
    await redis.stop().catch((error) => console.error(`stopping Redis: ${error.message}`));
  }

  heading(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  if (failures.length) console.log(`failed:\n  ${failures.join('\n  ')}`);
  printClosingLines();
  process.exit(totals.failed + checks.failed > 0 ? 1 : 0);
}

function line({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/** The checks' line, then the tests' line last: CI reads the last line. */
function printClosingLines() {
  console.log(`checks: ${line(checks)}`);
  console.log(line(totals));
}

try {
  await main();
} catch (error) {
  console.error(error.stack ?? error);
  // The run broke before it finished: one failure more, so the last line cannot read as clean.
  totals.failed += 1;
  printClosingLines();
  process.exit(1);
}
