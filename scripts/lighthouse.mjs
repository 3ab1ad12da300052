// Lighthouse (mobile) on the home page, with Debian's Chromium.
// Usage: node --import tsx scripts/lighthouse.mjs [url]
// Without a URL it starts a production stack of its own (scripts/stack.ts) and stops it after.
// Lighthouse's scores vary from run to run, so it runs LIGHTHOUSE_RUNS times (default 5) and
// judges the median of each category, as Lighthouse's own guidance on variability advises;
// every run is printed. Exits non-zero when a median is below 90.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const THRESHOLD = 90;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lighthouseBin = path.join(repoRoot, 'node_modules/lighthouse/cli/index.js');

/** One Lighthouse run; returns its JSON report. */
function lighthouse(url) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'dk-lighthouse-'));
  const reportPath = path.join(workDir, 'report.json');
  try {
    const run = spawnSync(
      process.execPath,
      [
        lighthouseBin,
        url,
        '--form-factor=mobile',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--output=json',
        `--output-path=${reportPath}`,
        '--quiet',
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
    );
    if (run.status !== 0) throw new Error(`lighthouse failed (exit ${run.status})`);
    return JSON.parse(readFileSync(reportPath, 'utf8'));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(url) {
  console.log(
    `Lighthouse mobile, ${url}, ${RUNS} runs (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, []]));
  for (let i = 1; i <= RUNS; i++) {
    const report = lighthouse(url);
    for (const id of CATEGORIES) scores[id].push(Math.round((report.categories[id]?.score ?? 0) * 100));
    const audits = report.audits;
    console.log(
      `  run ${i}: ${CATEGORIES.map((id) => `${id} ${scores[id].at(-1)}`).join(', ')}; FCP ${audits['first-contentful-paint']?.displayValue}, LCP ${audits['largest-contentful-paint']?.displayValue}, CLS ${audits['cumulative-layout-shift']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}`,
    );
  }
  let failed = false;
  console.log('  median:');
  for (const id of CATEGORIES) {
    const value = median(scores[id]);
    if (value < THRESHOLD) failed = true;
    console.log(
      `    ${id.padEnd(15)} ${value}${value < THRESHOLD ? `  (below ${THRESHOLD})` : ''}   [${scores[id].join(', ')}]`,
    );
  }
  return failed;
}

let stack;
let url = process.argv[2];
if (!url) {
  // A missing or stale build is made again: the score is of the app as it is now.
  const { ensureWebBuild } = await import('./lib/web-build.mjs');
  await ensureWebBuild();
  const { startStack } = await import('./stack.ts');
  stack = await startStack({ name: 'lighthouse', output: 'quiet' });
  url = `${stack.webUrl}/`;
}
try {
  process.exitCode = (await measure(url)) ? 1 : 0;
} finally {
  await stack?.stop();
}
