// Running commands from the plain-JavaScript entry points (they must work before
// node_modules exists, so they use nothing but Node).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a command in the repository root. Output is shown (inherit) or captured (capture);
 * resolves with the exit code and captured text, never rejects on a non-zero exit.
 */
export function run(command, args, { cwd = REPO_ROOT, env = {}, capture = false, timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, output: output + String(error) });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** Like run, but throws when the command fails. */
export async function must(command, args, options) {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const detail = options?.capture ? `\n${result.output}` : '';
    throw new Error(`\`${[command, ...args].join(' ')}\` failed with exit code ${result.code}${detail}`);
  }
  return result;
}

/** True when this module is the script node was started with. */
export function isMain(importMetaUrl) {
  return process.argv[1] && fileURLToPath(importMetaUrl) === process.argv[1];
}
