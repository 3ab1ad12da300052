// The first `make dev` on a fresh clone: the install says one line before and one after (npm's
// own output only when it fails), and the web app is built when its build is missing or stale.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ensureInstalled } from '../lib/install.mjs';
import { WEB_BUILD_OUTPUT, webBuildNeeded } from '../lib/web-build.mjs';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'dk-first-run-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A project folder whose `npm` is a script: `npm ci` prints `ciOutput` and exits `ciCode`;
 * `npm install` writes "added 3 packages in 1s" and the lock npm would write without --no-save.
 * Every call is recorded in calls.log.
 */
function project(name: string, ciCode: number, ciOutput: string) {
  const root = path.join(scratch, name);
  const bin = path.join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  const lock = JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/a': { version: '1.0.0' } } });
  writeFileSync(path.join(root, 'package-lock.json'), lock);
  writeFileSync(path.join(root, 'ci-output.txt'), ciOutput);
  writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh
echo "$*" >> "${root}/calls.log"
if [ "$1" = ci ]; then cat "${root}/ci-output.txt"; exit ${ciCode}; fi
case " $* " in *" --no-save "*) ;; *) echo '{"changed":true}' > "${root}/package-lock.json" ;; esac
echo 'npm warn EBADENGINE Unsupported engine' >&2
echo 'added 3 packages in 1s'
`,
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  return { root, bin, lock, calls: () => readFileSync(path.join(root, 'calls.log'), 'utf8').trim().split('\n') };
}

async function install(bin: string, root: string): Promise<{ lines: string[]; error?: Error }> {
  const lines: string[] = [];
  const previous = process.env.PATH;
  process.env.PATH = `${bin}:${previous}`;
  try {
    await ensureInstalled({ root, log: (line) => lines.push(line) });
    return { lines };
  } catch (error) {
    return { lines, error: error as Error };
  } finally {
    process.env.PATH = previous;
  }
}

const REFUSAL = `npm error code EUSAGE
npm error
npm error \`npm ci\` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with \`npm install\` before continuing.
npm error
npm error Missing: @bufbuild/buf-darwin-arm64@1.75.0 from lock file
npm error
npm error Clean install a project
npm error
npm error Usage:
npm error npm ci
`;

describe('the install of a first run', () => {
  it('says one line before and one after a successful npm ci, quietly', async () => {
    const { root, bin, calls } = project(
      'ci-works',
      0,
      'npm warn EBADENGINE Unsupported engine\nadded 937 packages in 54s\n',
    );
    const { lines, error } = await install(bin, root);
    assert.equal(error, undefined);
    assert.deepEqual(lines, [
      'installing dependencies (node_modules is missing): npm ci, about a minute on a first run',
      'dependencies installed: added 937 packages in 54s',
    ]);
    assert.deepEqual(calls(), ['ci --no-audit --no-fund --loglevel=error']);
  });

  it("falls back to npm install --no-save without npm's usage text when npm ci refuses the lock, leaving the lock as it is", async () => {
    const { root, bin, lock, calls } = project('ci-refuses', 1, REFUSAL);
    const { lines, error } = await install(bin, root);
    assert.equal(error, undefined);
    assert.equal(lines.length, 3, lines.join('\n'));
    assert.match(lines[1]!, /^npm ci refused package-lock\.json .*npm install --no-save$/);
    assert.equal(lines[2], 'dependencies installed: added 3 packages in 1s');
    assert.doesNotMatch(lines.join('\n'), /Usage|EUSAGE|EBADENGINE/);
    assert.deepEqual(calls(), [
      'ci --no-audit --no-fund --loglevel=error',
      'install --no-save --no-audit --no-fund --loglevel=error',
    ]);
    assert.equal(
      readFileSync(path.join(root, 'package-lock.json'), 'utf8'),
      lock,
      'package-lock.json is not rewritten',
    );
  });

  it("stops with npm's output when npm ci fails for another reason", async () => {
    const { root, bin, calls } = project(
      'ci-fails',
      1,
      'npm error code ETARGET\nnpm error notarget No matching version found for a@9.9.9.\n',
    );
    const { error } = await install(bin, root);
    assert.match(error?.message ?? '', /`npm ci` failed with exit code 1:\n.*ETARGET/s);
    assert.deepEqual(
      calls(),
      ['ci --no-audit --no-fund --loglevel=error'],
      'no npm install after a failure it does not know',
    );
  });
});

describe('webBuildNeeded', () => {
  const root = path.join(scratch, 'web-project');
  const at = (file: string, seconds: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file);
    utimesSync(full, seconds, seconds);
  };
  const inputs = [
    'web/app/root.tsx',
    'web/vite.config.ts',
    'packages/platform/src/closed-lists.ts',
    'package-lock.json',
  ];

  it('builds when there is no build yet', () => {
    for (const file of inputs) at(file, 1_000);
    assert.equal(webBuildNeeded(root), 'no build yet');
  });

  it('keeps a build newer than everything it is made from, tests and node_modules aside', () => {
    at(WEB_BUILD_OUTPUT, 2_000);
    at('web/test/root.test.ts', 3_000);
    at('packages/platform/node_modules/x/index.js', 3_000);
    assert.equal(webBuildNeeded(root), undefined);
  });

  it('rebuilds when a source, a config or the lock file changed after the build', () => {
    for (const file of inputs) {
      at(file, 3_000);
      assert.equal(webBuildNeeded(root), `${file} changed since the last build`);
      at(file, 1_000);
    }
    assert.equal(webBuildNeeded(root), undefined);
  });
});
