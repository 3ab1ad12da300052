// The web app's production build for `make dev`: served from web/build by default (a Vite
// development server holds about 1 GB more; docs/performance.md), rebuilt when it is missing or
// older than what it is built from. `make dev HOT=1` uses Vite's hot reload instead.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './run.mjs';

/** What the build is made from, relative to the repository root (folders are walked). */
export const WEB_BUILD_INPUTS = [
  'web/app',
  'web/public',
  'web/react-router.config.ts',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  // The app imports the error catalogue, closed lists and cookie names from the platform and
  // the API's types; the lock file decides the versions of everything bundled.
  'packages',
  'package-lock.json',
];

/** The file that exists once the build is complete (the last one it writes). */
export const WEB_BUILD_OUTPUT = 'web/build/server/index.js';

const SKIPPED = new Set(['node_modules', 'test', 'build']);

/** The newest file under `target` (a file or folder): { file, mtimeMs }, or undefined when absent. */
function newestFile(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return undefined;
  }
  if (!stat.isDirectory()) return { file: target, mtimeMs: stat.mtimeMs };
  let newest;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const found = newestFile(path.join(target, entry.name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the web app needs building, or undefined when web/build is newer than all its inputs. */
export function webBuildNeeded(root = REPO_ROOT) {
  const output = path.join(root, WEB_BUILD_OUTPUT);
  if (!existsSync(output)) return 'no build yet';
  const builtAt = statSync(output).mtimeMs;
  for (const input of WEB_BUILD_INPUTS) {
    const newest = newestFile(path.join(root, input));
    if (newest && newest.mtimeMs > builtAt) return `${path.relative(root, newest.file)} changed since the last build`;
  }
  return undefined;
}

/**
 * Builds the web app when webBuildNeeded says so, printing one line before (ending with `hint`)
 * and one after; the build's own output is shown only when it fails (then the error carries
 * it). Resolves true when it built.
 */
export async function ensureWebBuild({ root = REPO_ROOT, log = console.log, hint = '' } = {}) {
  const reason = webBuildNeeded(root);
  if (!reason) return false;
  log(`building the web app (${reason})${hint}`);
  const startedAt = Date.now();
  const reactRouter = path.join(root, 'node_modules/@react-router/dev/bin.js');
  const result = await run(process.execPath, [reactRouter, 'build'], { cwd: path.join(root, 'web'), capture: true });
  if (result.code !== 0) {
    throw new Error(`the web app's build failed (exit code ${result.code}):\n${result.output}`);
  }
  log(`web app built in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  return true;
}
