// Installs dependencies when they are missing or do not match package-lock.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, must, run } from './run.mjs';

/**
 * Why node_modules needs `npm ci`, or undefined when it matches the lock file. Compares
 * versions with npm's own record of what it installed (node_modules/.package-lock.json),
 * so a fresh checkout or a changed lock file is caught without relying on file times.
 */
export function installNeeded(root = REPO_ROOT) {
  const installedFile = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installedFile)) return 'node_modules is missing';
  const locked = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(installedFile, 'utf8')).packages ?? {};
  for (const [key, entry] of Object.entries(locked)) {
    // Optional packages for other platforms (esbuild's, for example) are never installed here.
    if (!key.startsWith('node_modules/') || entry.optional || entry.link) continue;
    if (installed[key]?.version !== entry.version) return `${key.slice('node_modules/'.length)} ${entry.version} is not installed`;
  }
  return undefined;
}

/**
 * Runs `npm ci` when needed. SKIP_INSTALL=1 leaves node_modules alone (for machines whose
 * dependencies are managed from outside, such as an image built with them).
 */
export async function ensureInstalled() {
  const reason = installNeeded();
  if (!reason) return false;
  if (process.env.SKIP_INSTALL === '1') {
    console.log(`dependencies differ from package-lock.json (${reason}); SKIP_INSTALL=1, so left as they are`);
    return false;
  }
  console.log(`installing dependencies (${reason}): npm ci`);
  if ((await run('npm', ['ci'])).code === 0) return true;
  // npm ci refuses a lock file that lacks optional packages for other platforms (a registry
  // without them, such as this machine's, leaves them out); npm install takes the same lock.
  console.log('\x1b[33mnpm ci refused package-lock.json: installing from it with npm install\x1b[0m');
  await must('npm', ['install']);
  return true;
}
