// Lighthouse (mobile) against the home page of a running stack, with Debian's Chromium.
// Usage: node scripts/lighthouse.mjs [url]   (default http://127.0.0.1:3000/)
// Prints the four category scores and exits non-zero when any is below 90.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS as FLAGS, CHROMIUM_PATH as CHROME_PATH } from './lib/chromium.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/';
const THRESHOLD = 90;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lighthouseBin = path.join(repoRoot, 'node_modules/lighthouse/cli/index.js');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'dk-lighthouse-'));
const reportPath = path.join(workDir, 'report.json');

const run = spawnSync(
  process.execPath,
  [
    lighthouseBin,
    url,
    '--form-factor=mobile',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${reportPath}`,
    '--quiet',
    `--chrome-flags=${FLAGS.join(' ')}`,
  ],
  { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH } },
);
if (run.status !== 0) {
  console.error(`lighthouse failed (exit ${run.status})`);
  process.exit(run.status ?? 1);
}

const report = JSON.parse(readFileSync(reportPath, 'utf8'));
rmSync(workDir, { recursive: true, force: true });
let failed = false;
console.log(`Lighthouse mobile, ${url}`);
for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
  const score = Math.round((report.categories[id]?.score ?? 0) * 100);
  if (score < THRESHOLD) failed = true;
  console.log(`  ${id.padEnd(15)} ${score}${score < THRESHOLD ? `  (below ${THRESHOLD})` : ''}`);
}
const metrics = report.audits;
console.log(
  `  LCP ${metrics['largest-contentful-paint']?.displayValue}, CLS ${metrics['cumulative-layout-shift']?.displayValue}, TBT ${metrics['total-blocking-time']?.displayValue}`,
);
if (failed) {
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = metrics[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) console.log(`  - ${id}: ${audit.title} (${audit.displayValue ?? audit.score})`);
    }
  }
}
process.exit(failed ? 1 : 0);
