// Lighthouse (mobile) on the site's public pages, with Debian's Chromium.
// Usage: node --import tsx scripts/lighthouse.mjs [url …]
// Without URLs it starts a production stack of its own (scripts/stack.ts) with the demo data
// (services' seeds), finds a published posting and an employer through the gateway, measures
// the home page, the job listing, that posting, that employer and the blog list, and stops the
// stack after. Lighthouse's scores vary from run to run, so each page is run LIGHTHOUSE_RUNS
// times (default 5) and the median of each category is judged, as Lighthouse's own guidance on
// variability advises; every run is printed, with the load average before each page.
// Exits non-zero when a page's median SEO is below 100, its median performance below 95, or its
// median accessibility or best practices below 90. LIGHTHOUSE_JSON=<file> also writes every
// figure there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.mjs';

/** The lowest median each category may have. */
const THRESHOLDS = { performance: 95, accessibility: 90, 'best-practices': 90, seo: 100 };
const CATEGORIES = Object.keys(THRESHOLDS);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** How many demo postings the stack's recruitment seed writes (its default is 300). */
const DEMO_POSTINGS = process.env.DEMO_POSTINGS ?? '60';
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
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The audits of a category that did not pass in a run (what to fix), with their weight. */
function failedAudits(report, category) {
  return (report.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => `${ref.id} (${report.audits[ref.id].displayValue ?? report.audits[ref.id].score})`);
}

/** Where the main thread's time went in a run, and the scripts that took the most of it. */
function mainThread(report) {
  const breakdown = (report.audits['mainthread-work-breakdown']?.details?.items ?? [])
    .slice(0, 4)
    .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`);
  const scripts = (report.audits['bootup-time']?.details?.items ?? [])
    .slice(0, 3)
    .map((item) => `${String(item.url).split('/').pop() || 'the page itself'} ${Math.round(item.total)} ms`);
  return `${breakdown.join(', ')}; scripts: ${scripts.join(', ')}`;
}

async function measure(page) {
  const load = loadAverage();
  console.log(`\nLighthouse mobile, ${page.name}: ${page.url}, ${RUNS} runs (load average ${load})`);
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    let report;
    // A run Lighthouse could not finish (the page did not load in time, no trace recorded) is
    // tried again, twice at most; one that never finishes scores 0 in every category.
    for (let attempt = 1; attempt <= 3 && !report; attempt++) {
      try {
        report = lighthouse(page.url);
      } catch (error) {
        const answer = await fetch(page.url).then(
          async (response) => `${response.status} ${(await response.text()).slice(0, 120).replace(/\s+/g, ' ')}`,
          (failure) => String(failure),
        );
        console.log(`  run ${i}, attempt ${attempt}: ${error.message}; the page answers ${answer}`);
      }
    }
    if (!report) {
      runs.push({ ...Object.fromEntries(CATEGORIES.map((id) => [id, 0])), fcp: '–', lcp: '–', tbt: '–', cls: '–' });
      continue;
    }
    const audits = report.audits;
    const figures = {
      ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)])),
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
    };
    runs.push(figures);
    console.log(
      `  run ${i}: ${CATEGORIES.map((id) => `${id} ${figures[id]}`).join(', ')}; FCP ${figures.fcp}, LCP ${figures.lcp}, TBT ${figures.tbt}, CLS ${figures.cls}`,
    );
    if (figures.performance < THRESHOLDS.performance) console.log(`    main thread: ${mainThread(report)}`);
    for (const id of CATEGORIES) {
      if (figures[id] < THRESHOLDS[id])
        console.log(`    ${id} below ${THRESHOLDS[id]}: ${failedAudits(report, id).join(', ')}`);
    }
  }
  const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run[id]))]));
  const failed = CATEGORIES.filter((id) => medians[id] < THRESHOLDS[id]);
  console.log('  median:');
  for (const id of CATEGORIES) {
    console.log(
      `    ${id.padEnd(15)} ${medians[id]}${medians[id] < THRESHOLDS[id] ? `  (below ${THRESHOLDS[id]})` : ''}   [${runs.map((run) => run[id]).join(', ')}]`,
    );
  }
  return { ...page, load, runs, medians, failed };
}

/** A page's figures as a Markdown table, for docs/performance.md. */
function markdown(result) {
  const lines = [
    `${result.name} (\`${new URL(result.url).pathname}\`), load average ${result.load}`,
    '',
    '| run | performance | a11y | best practices | SEO | FCP | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...result.runs.map(
      (run, i) =>
        `| ${i + 1} | ${run.performance} | ${run.accessibility} | ${run['best-practices']} | ${run.seo} | ${run.fcp} | ${run.lcp} | ${run.tbt} | ${run.cls} |`,
    ),
    `| **median** | **${result.medians.performance}** | **${result.medians.accessibility}** | **${result.medians['best-practices']}** | **${result.medians.seo}** | | | | |`,
  ];
  return lines.join('\n');
}

/** A published posting's and an employer's page, found through the gateway's public routes. */
async function discoverPages(webUrl, gatewayUrl) {
  const read = async (route) => {
    const response = await fetch(`${gatewayUrl}/api/v1/${route}`, {
      headers: { 'user-agent': 'darmankar-lighthouse' },
    });
    if (!response.ok) throw new Error(`GET ${route}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const postings = await read('recruitments/limited?page=1&pageSize=1');
  const posting = postings.items?.[0];
  if (!posting) throw new Error('the stack has no published posting (the recruitment seed wrote none)');
  const employers = await read('employers/list?page=1&pageSize=1');
  const employer = employers.items?.[0];
  if (!employer) throw new Error('the stack has no employer (the employer seed wrote none)');
  return [
    { name: 'home', url: `${webUrl}/` },
    { name: 'job listing', url: `${webUrl}/applicants/recruitments` },
    {
      name: 'a posting',
      url: `${webUrl}/applicants/recruitments/${encodeURIComponent(posting.jobCategory)}/${encodeURIComponent(posting.slug)}`,
    },
    { name: 'an employer', url: `${webUrl}/employers/${encodeURIComponent(employer.slug)}` },
    { name: 'blog', url: `${webUrl}/blog` },
  ];
}

let stack;
let pages = process.argv.slice(2).map((url) => ({ name: new URL(url).pathname, url }));
try {
  if (pages.length === 0) {
    // A missing or stale build is made again: the score is of the app as it is now.
    const { ensureWebBuild } = await import('./lib/web-build.mjs');
    await ensureWebBuild();
    const { seedDemoData, startStack } = await import('./stack.ts');
    stack = await startStack({ name: 'lighthouse', output: 'quiet' });
    // A part that dies mid-measure fails every later run: say which, with its last output.
    void stack.crashed.then(({ part, code, output }) => {
      console.log(`\n${part} exited (code ${code}) during the measure; its last output:\n${output}`);
      process.exitCode = 1;
    });
    process.env.DEMO_POSTINGS = DEMO_POSTINGS;
    await seedDemoData(stack, false);
    pages = await discoverPages(stack.webUrl, stack.gatewayUrl);
  }
  const results = [];
  for (const page of pages) results.push(await measure(page));
  console.log(`\n${results.map(markdown).join('\n\n')}`);
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(results, null, 2));
  const failures = results.filter((result) => result.failed.length > 0);
  for (const result of failures) console.log(`${result.name}: median ${result.failed.join(', ')} below the bar`);
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  await stack?.stop();
}
