// `make bench` once, in miniature: each benchmark the Makefile runs, with durations and counts
// cut to a second or a handful, must run to its end (exit 0) and print its figures. The
// figures themselves mean nothing at this size; what this catches is a benchmark that no longer
// runs (a crash like a call spreading 100,000 latency samples into its arguments, a changed
// route, a service that will not start).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../system.ts';

/** Every knob the benchmarks read, at its smallest useful value. */
const TINY: Record<string, string> = {
  BENCH_DURATION_SECONDS: '1',
  BENCH_WARMUP_SECONDS: '1',
  BENCH_ROUNDS: '1',
  BENCH_BUILDER_ROUNDS: '1',
  BENCH_BUILDER_USERS: '2',
  BENCH_UPLOADS: '2',
  BENCH_EMPLOYERS: '40',
  BENCH_REQUESTS: '5',
  BENCH_PURCHASES: '2',
  BENCH_CONSUMES: '20',
  BENCH_CONSUMERS: '2',
  BENCH_PLANS: '5',
  BENCH_TOP_UPS: '3',
  BENCH_PDF_REQUESTS: '1',
  BENCH_PDF_BURST: '2',
  BENCH_POSTINGS: '300',
  BENCH_EDITS_PER_SECOND: '5',
  BENCH_EDIT_SECONDS: '1',
  BENCH_APPLICATIONS: '60',
  BENCH_API_APPLICATIONS: '2',
  BENCH_SEQUENTIAL: '3',
  BENCH_EVENTS: '200',
  BENCH_USERS: '20',
  BENCH_OUTBOX_HISTORY: '2000',
};

/** The figure lines each benchmark must print, a number where the figure goes. */
const BENCHMARKS: Record<string, RegExp[]> = {
  'bench/gateway.ts': [
    /gateway ping @100 ÷ bare Express @100 \| \d+\.\d\d \|/,
    /logged-in call @10 ÷ bare Express @10 \| \d+\.\d\d \|/,
    /non-200 answers and socket errors: 0/,
  ],
  'bench/resume.ts': [
    /ping@50: +p50 \d/,
    /by-slug@50: p50 \d/,
    /builder flow .*whole flow p50 \d/,
    /picture upload of .*: p50 \d.*failed 0/,
  ],
  'bench/employer.ts': [
    /no filter \(promoted first\) +p50 \d/,
    /HasAccess over gRPC, no cache +p50 \d/,
    /access client, cache warm +p50 \d/,
  ],
  'bench/billing.ts': [
    /total +p50 \d/,
    /\d+ calls\/s/,
    /recruitment units \d+ → \d+: down by 20 for 20 calls/,
    /ListPlans, anonymous, sequential:\n +p50 \d/,
    /reconciliation settled 3 in \d+\.\d\d s .*; 3 wallet credits/,
  ],
  'bench/resume-pdf.ts': [
    /first PDF \(Chromium starting\): \d+ ms/,
    /a new version, browser warm: p50 \d+ ms/,
    /2 at once for a new version .*slowest \d+ ms/,
  ],
  'bench/search.ts': [
    /indexing: \d+ open postings of \d+ .*: \d+ postings\/s/,
    /\| text \+ 3 filters ÷ logged-in call @10 \| \d+\.\d\d \|/,
    /\| one-letter typo ÷ logged-in call @10 \| \d+\.\d\d \|/,
    /\| listing page ÷ home page @10 \| \d+\.\d\d \|/,
    /^non-200 answers and socket errors: 0$/m,
    /pages: non-200 answers and socket errors: 0/,
    /index lag under \d+ edits .*: p50 \d+ ms, p95 \d+ ms/,
  ],
  'bench/hiring.ts': [
    /^flow: .*; 60 in all$/m,
    /^logged-in ping @10: p50 \d+\.\d\d ms, p95 \d+\.\d\d ms/m,
    /^flow @10: p50 \d+\.\d\d ms, p95 \d+\.\d\d ms/m,
    /^first page of a step @10: p50 \d+\.\d\d ms, p95 \d+\.\d\d ms/m,
    /\| flow ÷ logged-in ping @10 \| \d+\.\d\d \|/,
    /^non-200 answers and socket errors: 0$/m,
    /hiring GetFlow \(gRPC\): p50 \d+\.\d\d ms/,
  ],
  'bench/notifications.ts': [
    /^relay: 200 published in \d+\.\d\d s: \d+ events\/s/m,
    /^relay, outbox holding 2000 published rows: 200 published in \d+\.\d\d s/m,
    /^consumer, handleOnce \+ one row a transaction: 200 in \d+\.\d\d s: \d+ events\/s/m,
    /^notification consumer: \d+ events\/s/m,
    /^end to end: 200 JobAlert events → 200 in-app notifications \+ 200 delivery rows/m,
  ],
};

function runBenchmark(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // A benchmark started from a test must not take itself for a test file.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: REPO_ROOT,
      env: { ...env, ...TINY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('make bench, with tiny durations', { concurrency: 2 }, () => {
  it('runs every benchmark of the Makefile', () => {
    const makefile = readFileSync(path.join(REPO_ROOT, 'Makefile'), 'utf8');
    const run = [...makefile.matchAll(/node --import tsx (bench\/[\w-]+\.ts)/g)].map((match) => match[1]).sort();
    assert.deepEqual(run, Object.keys(BENCHMARKS).sort(), 'each benchmark `make bench` runs is tried here');
  });

  for (const [file, figures] of Object.entries(BENCHMARKS)) {
    it(`${file} runs to its end and prints its figures`, { timeout: 180_000 }, async () => {
      const { code, output } = await runBenchmark(file);
      assert.equal(code, 0, `${file} exited with ${code}:\n${output}`);
      for (const figure of figures) assert.match(output, figure, `${file} did not print ${figure}:\n${output}`);
    });
  }
});
