// `npm run generate`: lints the contracts, regenerates their TypeScript into proto/gen
// (committed; `make test` fails when it is stale), the gateway's OpenAPI document and the web
// app's types generated from it into packages/api-types (committed too), the registry's copies
// (scripts/generate-system.ts: the chart's `parts` block, skaffold.yaml's artifacts and image
// patches, the part tables of README.md and docs/deploy.md; committed) and each service's Prisma
// client (src/db/generated, not committed).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, isMain, must } from './lib/run.mjs';

const BIN_DIR = path.join(REPO_ROOT, 'node_modules/.bin');
const bin = (name) => path.join(BIN_DIR, name);

export async function generateContracts() {
  await must(bin('buf'), ['lint']);
  // buf finds its plugin (protoc-gen-es) on PATH.
  await must(bin('buf'), ['generate'], { env: { PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH}` } });
}

export const API_TYPES_DIR = path.join(REPO_ROOT, 'packages/api-types');

/**
 * The gateway's /api/v1 document into packages/api-types/openapi.json, then its TypeScript
 * types (openapi-typescript, run by the package's own script so its pinned copy is used).
 */
export async function generateApiTypes() {
  // The gateway's sources are TypeScript, so the document is built under tsx.
  await must(
    process.execPath,
    ['--import', 'tsx', 'scripts/api-document.ts', path.join(API_TYPES_DIR, 'openapi.json')],
    { capture: true },
  );
  await must('npm', ['run', 'generate', '--workspace', '@darmankar/api-types'], { capture: true });
}

/** The registry's copies in other files, from scripts/system.ts (TypeScript, so under tsx). */
export async function generateSystemCopies() {
  const { output } = await must(process.execPath, ['--import', 'tsx', 'scripts/generate-system.ts'], { capture: true });
  return output?.trim();
}

/** Every folder under services/ with a prisma/ schema. */
export function servicesWithPrisma() {
  const servicesDir = path.join(REPO_ROOT, 'services');
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(servicesDir, entry.name, 'prisma')))
    .map((entry) => path.join(servicesDir, entry.name));
}

export async function generatePrismaClients() {
  const dirs = servicesWithPrisma();
  // Side by side: each is a CLI start-up (about a second) more than work.
  await Promise.all(
    dirs.map((dir) =>
      // The CLI would otherwise try to download its schema engine, which generate never needs.
      must(bin('prisma'), ['generate'], {
        cwd: dir,
        env: { PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false' },
        capture: true,
      }),
    ),
  );
  console.log(`prisma clients generated for ${dirs.map((dir) => path.relative(REPO_ROOT, dir)).join(', ')}`);
}

if (isMain(import.meta.url)) {
  try {
    await generateContracts();
    console.log('contracts: buf lint and buf generate done (proto/gen)');
    await generateApiTypes();
    console.log('api types: OpenAPI document and its types written (packages/api-types)');
    console.log(await generateSystemCopies());
    await generatePrismaClients();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
