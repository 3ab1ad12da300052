// The import-boundary check of `make test`: dependency-cruiser over every part of the
// repository with the rules of .dependency-cruiser.cjs (docs/adr/008).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run.mjs';

/** The folders whose imports are checked; a missing one is left out, not an error. */
export const BOUNDARY_ROOTS = ['packages', 'services', 'gateway', 'web', 'proto', 'scripts', 'deploy', 'bench'];

/**
 * The command that cruises `root` (the repository, or a fixture laid out like it) with the
 * repository's rules. It exits non-zero when a rule is broken; `json` asks for the machine
 * report instead of the list of violations.
 */
export function boundaryCommand(root = REPO_ROOT, { json = false } = {}) {
  const roots = BOUNDARY_ROOTS.filter((folder) => existsSync(path.join(root, folder)));
  return {
    command: process.execPath,
    args: [
      path.join(REPO_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      path.join(REPO_ROOT, '.dependency-cruiser.cjs'),
      '--output-type',
      json ? 'json' : 'err-long',
      ...roots,
    ],
    cwd: root,
  };
}
