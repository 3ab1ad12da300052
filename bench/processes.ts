// What every benchmark needs around its measurement: the parts it starts as processes of their
// own (so their CPU and the load generator's are apart), readiness, and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface StartOptions {
  /** Modules imported before the entry, after tsx (e.g. the telemetry register file). */
  preload?: string[];
  /** Node flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** Where the child's stderr goes: kept and printed if it exits early (default), or inherited. */
  stderr?: 'on-exit' | 'inherit';
}

export interface ProcessGroup {
  /**
   * Starts a TypeScript entry point with LOG_LEVEL=warn and no trace export unless `env` says
   * otherwise; a variable set to undefined is removed, not inherited from the shell. A process
   * that exits before `stopAll` is reported and fails the benchmark.
   */
  start(name: string, entry: string, env: Record<string, string | undefined>, options?: StartOptions): ChildProcess;
  stopAll(): Promise<void>;
}

export function processGroup(): ProcessGroup {
  const children: ChildProcess[] = [];
  let stopping = false;
  return {
    start(name, entry, env, options = {}) {
      const merged = Object.fromEntries(
        Object.entries({ ...process.env, LOG_LEVEL: 'warn', OTEL_EXPORTER_OTLP_ENDPOINT: undefined, ...env }).filter(
          ([, value]) => value !== undefined,
        ),
      ) as Record<string, string>;
      const imports = ['tsx', ...(options.preload ?? [])].flatMap((module) => ['--import', module]);
      const inherit = options.stderr === 'inherit';
      const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...imports, entry], {
        cwd: ROOT,
        env: merged,
        stdio: ['ignore', 'ignore', inherit ? 'inherit' : 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once('exit', (code, signal) => {
        if (stopping) return;
        console.error(`${name} exited (${code ?? signal})${stderr ? `:\n${stderr}` : ''}`);
        process.exitCode = 1;
      });
      children.push(child);
      return child;
    },
    async stopAll() {
      stopping = true;
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
            }),
        ),
      );
    },
  };
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

/** The JSON body of a successful answer; any other answer stops the benchmark with its body. */
export async function json(response: Response): Promise<any> {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
