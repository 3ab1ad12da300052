// Installs dependencies when they are missing or do not match package-lock.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './run.mjs';

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
    // Every installed package, hoisted or nested under a workspace (`services/x/node_modules/y`,
    // when a workspace needs another version than the root's). Optional packages for other
    // platforms (esbuild's, for example) are never installed here.
    if (!key.includes('node_modules/') || entry.optional || entry.link) continue;
    if (installed[key]?.version !== entry.version) return `${key} ${entry.version} is not installed`;
  }
  return undefined;
}

// Quiet: warnings about engines of packages not used here, install scripts, funding and audits
// are not for a newcomer's first run. The output is kept and shown when the command fails.
const QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

/** npm's closing line (`added 937 packages in 54s`), or a plain one. */
function summary(output) {
  return /^(added|removed|changed|up to date).*$/m.exec(output)?.[0] ?? 'done';
}

/**
 * Installs exactly what package-lock.json pins when node_modules does not match it: `npm ci`,
 * or `npm install --no-save` from the same lock when npm ci refuses it, which leaves
 * package-lock.json as it is. Prints one line before and one after; npm's own
 * output only when it fails (the error carries it). SKIP_INSTALL=1 leaves node_modules alone
 * (for machines whose dependencies are managed from outside, such as an image built with them).
 */
export async function ensureInstalled({ root = REPO_ROOT, log = console.log } = {}) {
  const reason = installNeeded(root);
  if (!reason) return false;
  if (process.env.SKIP_INSTALL === '1') {
    log(`dependencies differ from package-lock.json (${reason}); SKIP_INSTALL=1, so left as they are`);
    return false;
  }
  log(`installing dependencies (${reason}): npm ci, about a minute on a first run`);
  const ci = await run('npm', ['ci', ...QUIET], { cwd: root, capture: true });
  if (ci.code === 0) {
    log(`dependencies installed: ${summary(ci.output)}`);
    return true;
  }
  // npm ci refuses a lock that lacks packages npm would resolve from this registry today (a lock
  // written against a registry without other platforms' optional packages, such as buf's
  // macOS and Windows binaries, once had none). npm install takes the same lock; --no-save
  // keeps it from writing those entries into package-lock.json.
  if (!/can only install packages when your package\.json and package-lock\.json/.test(ci.output)) {
    throw new Error(`\`npm ci\` failed with exit code ${ci.code}:\n${ci.output}`);
  }
  log(
    'npm ci refused package-lock.json (it lacks packages this registry offers): installing from it with npm install --no-save',
  );
  const install = await run('npm', ['install', '--no-save', ...QUIET], { cwd: root, capture: true });
  if (install.code !== 0)
    throw new Error(`\`npm install --no-save\` failed with exit code ${install.code}:\n${install.output}`);
  log(`dependencies installed: ${summary(install.output)}`);
  return true;
}
