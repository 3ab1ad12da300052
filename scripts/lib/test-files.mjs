// Finding the test files of `make test` and reading the test runner's TAP summary.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run.mjs';

/**
 * The test files, in groups run one after another. Files inside a group run in parallel up
 * to `concurrency`. Services, the gateway and the stack run one file at a time: their tests
 * time real token expiries of a second or two, which a second busy file on two cores can
 * stretch past; Chromium also wants both cores.
 */
export const GROUPS = [
  { name: 'platform and deploy', roots: ['packages/*/test', 'deploy/test'], concurrency: 2 },
  { name: 'services and gateway', roots: ['services/*/test', 'gateway/test', 'scripts/test'], concurrency: 1 },
  { name: 'web', roots: ['web/test'], exclude: ['web/test/e2e'], concurrency: 2 },
  { name: 'browser', roots: ['web/test/e2e'], concurrency: 1 },
];

/** Expands the simple patterns of GROUPS (a `*` stands for one folder) to test files. */
export function testFiles(group, root = REPO_ROOT) {
  const folders = group.roots.flatMap((pattern) => expand(pattern.split('/'), root));
  const excluded = (group.exclude ?? []).map((dir) => path.join(root, dir) + path.sep);
  return folders
    .flatMap((folder) => walk(folder))
    .filter((file) => file.endsWith('.test.ts') && !excluded.some((dir) => file.startsWith(dir)))
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

/** Node's TAP summary: `# pass N`, `# fail N`, … */
export function tapCounts(tapFile) {
  const text = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  return {
    found: /^# pass \d+$/m.test(text),
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
  };
}

