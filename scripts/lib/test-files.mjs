// Finding the test files of `make test` and reading the test runner's TAP summary.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run.mjs';

/**
 * Test files that are checks of the public contract rather than tests: each runs on its own
 * and counts as one check (`checks: N passed, N failed`), not in a group.
 */
export const CHECK_TEST_FILES = [
  {
    name: 'OpenAPI document (OpenAPI 3.1 schema, Redocly recommended, declared errors)',
    file: 'gateway/test/openapi.test.ts',
  },
];

/**
 * The test files, in groups run one after another. Files inside a group run in parallel up
 * to `concurrency`. Services, the gateway and the stack run one file at a time: each starts
 * real services, Postgres databases and gateways, and two such files on two cores slow each
 * other's deadline and readiness checks; Chromium also wants both cores.
 */
export const GROUPS = [
  { name: 'platform and deploy', roots: ['packages/*/test', 'deploy/test'], concurrency: 2 },
  // Services and the gateway each start whole stacks of processes: two groups, so that each
  // stays well inside the group time limit (GROUP_TIMEOUT_MS in scripts/test.mjs).
  { name: 'services', roots: ['services/*/test', 'scripts/test'], concurrency: 1 },
  {
    name: 'gateway',
    roots: ['gateway/test'],
    exclude: CHECK_TEST_FILES.map(({ file }) => file),
    concurrency: 1,
  },
  // The web app's own tests run two at a time; those that start a whole stack (every service,
  // the gateway and the web server: about 50 Postgres connections each) one at a time, as the
  // services' do, so that two stacks never exhaust a server's 100 connections.
  { name: 'web', roots: ['web/test'], exclude: ['web/test/e2e'], stack: false, concurrency: 2 },
  { name: 'web on the stack', roots: ['web/test'], exclude: ['web/test/e2e'], stack: true, concurrency: 1 },
  { name: 'browser', roots: ['web/test/e2e'], concurrency: 1 },
];

/** A test file that starts a whole stack (scripts/stack.ts), itself or through its support. */
const STACK_STARTERS = /\bstartStack\(|my-applies-support/;

function startsStack(file) {
  return STACK_STARTERS.test(readFileSync(file, 'utf8'));
}

/** Expands the simple patterns of GROUPS (a `*` stands for one folder) to test files. */
export function testFiles(group, root = REPO_ROOT) {
  const folders = group.roots.flatMap((pattern) => expand(pattern.split('/'), root));
  // An exclusion names a folder (everything under it) or one file.
  const excluded = (group.exclude ?? []).map((entry) => path.join(root, entry));
  const isExcluded = (file) => excluded.some((entry) => file === entry || file.startsWith(entry + path.sep));
  return folders
    .flatMap((folder) => walk(folder))
    .filter((file) => file.endsWith('.test.ts') && !isExcluded(file))
    .filter((file) => group.stack === undefined || startsStack(file) === group.stack)
    .sort();
}

function expand(segments, base) {
  if (segments.length === 0) return existsSync(base) ? [base] : [];
  const [first, ...rest] = segments;
  if (first !== '*') return expand(rest, path.join(base, first));
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => expand(rest, path.join(base, entry.name)));
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * What a run of node's test runner reported, from its TAP output. The closing summary
 * (`# pass N`, `# fail N`, …) gives passes and failures. Node 20 leaves a suite skipped as a
 * whole (`describe(name, { skip })`) out of `# skipped` and never creates its tests, so
 * skips are also counted from the result lines: every `ok N - name # SKIP` at any depth,
 * suites included, each once. Whichever count is larger is taken, so a runner that starts
 * counting skipped suites itself is not counted twice.
 */
export function tapCounts(tapFile) {
  return parseTap(existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '');
}

// A result line's directive: an unescaped ` # SKIP` / ` # TODO` (node escapes `#` in names as `\#`).
const RESULT_LINE = /^\s*(not ok|ok) \d+(?: - .*?)?(?: # (SKIP|TODO)\b.*)?$/i;

export function parseTap(text) {
  const count = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  let skipLines = 0;
  for (const line of text.split('\n')) {
    const match = RESULT_LINE.exec(line);
    if (match?.[1] === 'ok' && match[2]?.toUpperCase() === 'SKIP') skipLines += 1;
  }
  return {
    found: /^# pass \d+$/m.test(text),
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: Math.max(count('skipped'), skipLines) + count('todo'),
  };
}
