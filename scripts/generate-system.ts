// `make generate`, the registry's share: writes every copy of scripts/system.ts that lives in
// another file, each between marker lines of its own, so nothing is kept in step by hand:
//   helm/darmankar/values.yaml   the `parts` block: each part's identity (folder, image, protocol,
//                                port, database, address variable, the parts and outside endpoints
//                                it calls, whether the ingress reaches it, its secret variables)
//                                and the outside endpoints' ports; hand-tuned settings stay in
//                                `services`
//   skaffold.yaml                the artifacts and the image patches of each release
//   README.md                    the port table
//   docs/deploy.md               the parts table and the table of the Secrets an operator makes
//   deploy/dev/postgres.yaml     the development cluster's databases (reserved services' too)
// `make test` regenerates and fails when any of them differs from what is committed.
//
//   node --import tsx scripts/generate-system.ts          write the files
//   node --import tsx scripts/generate-system.ts --check  exit 1 when one is stale
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  EVENTS_DATABASE,
  OUTSIDE_ENDPOINTS,
  REPO_ROOT,
  RESERVED_SERVICES,
  SYSTEM,
  callersOf,
  calleesOf,
  databaseName,
  protocolOf,
  registryProblems,
  signsCalls,
  type ReservedService,
  type SystemPart,
} from './system.ts';

/** The files this script writes (relative to the repository root). */
export const SYSTEM_GENERATED_FILES = [
  'helm/darmankar/values.yaml',
  'skaffold.yaml',
  'README.md',
  'docs/deploy.md',
  'deploy/dev/postgres.yaml',
];

const YAML_NOTE = 'make generate writes these lines from scripts/system.ts; edit the registry, not them';

/** A flow-style YAML list of plain words. */
const list = (items: readonly string[]) => `[${items.join(', ')}]`;

/** The chart's `parts` block and the outside endpoints' ports (values.yaml, at the top level). */
export function valuesBlock(parts: readonly SystemPart[] = SYSTEM): string[] {
  const lines = [
    "# Each part's identity, one entry per row of the registry. The templates merge `services.<name>`",
    '# (hand-tuned: env, secretEnv, existingSecret, resources, autoscaling, ...) over it.',
    '#   workspace        npm workspace folder (migrations run `npm run migrate -w <workspace>`)',
    '#   protocol         grpc: native gRPC probes, GRPC_PORT, CALLER_ASSERTION_PUBLIC_KEY, a headless',
    '#                    Service; http: HTTP probes on `health`, PORT and TRUST_PROXY',
    '#   database         DATABASE_URL is composed into its Secret and a migration Job runs',
    '#   addressVariable  what its callers read its address from',
    '#   calls            parts it calls: it gets their address variables, both NetworkPolicies let',
    '#                    it through, and calling a gRPC part gives it callerAssertion.privateKey',
    '#   outside          endpoints outside the cluster it calls (networkPolicy.outside says where)',
    '#   public           the ingress controller reaches it',
    '#   secrets          secret variables the operator provides (secretEnv or its existing Secret)',
    'parts:',
  ];
  for (const part of parts) {
    lines.push(`  ${part.name}:`);
    lines.push('    enabled: true');
    lines.push(`    workspace: ${part.dir}`);
    lines.push(`    image: { repository: ${part.chart.image} }`);
    lines.push(`    protocol: ${protocolOf(part)}`);
    lines.push(`    port: ${part.port}`);
    if (part.readiness.kind === 'http')
      lines.push(
        `    health: { liveness: ${part.chart.liveness ?? part.readiness.path}, readiness: ${part.readiness.path} }`,
      );
    lines.push(`    database: ${part.database ? databaseName(part.database) : '""'}`);
    lines.push(`    addressVariable: ${part.address?.variable ?? '""'}`);
    lines.push(`    calls: ${list(calleesOf(part, parts).map((p) => p.name))}`);
    lines.push(`    outside: ${list(part.calls?.outside ?? [])}`);
    lines.push(`    public: ${part.chart.public === true}`);
    lines.push(`    secrets: ${list(part.chart.secrets ?? [])}`);
  }
  lines.push('# The ports of the endpoints outside the cluster that parts call (`parts.<name>.outside`).');
  lines.push('outsideEndpoints:');
  for (const [name, endpoint] of Object.entries(OUTSIDE_ENDPOINTS))
    lines.push(`  ${name}: { ports: [{ port: ${endpoint.port}, protocol: TCP }] }`);
  return lines;
}

/** The development cluster's databases: the event log's, each part's, each reserved service's. */
export function developmentDatabases(
  parts: readonly SystemPart[] = SYSTEM,
  reserved: readonly ReservedService[] = RESERVED_SERVICES,
): string[] {
  const databases = [
    EVENTS_DATABASE,
    ...parts.flatMap((p) => (p.database ? [p.database] : [])),
    ...reserved.map((s) => s.database),
  ];
  return databases.map((database) => `CREATE DATABASE ${databaseName(database)};`);
}

/** The image key skaffold exposes a built artifact under (IMAGE_REPO_<key>, IMAGE_TAG_<key>). */
export const imageKey = (image: string) => image.replace(/[^A-Za-z0-9]/g, '_');

export function skaffoldArtifacts(parts: readonly SystemPart[] = SYSTEM): string[] {
  return parts.flatMap((part) => [
    `- image: ${part.chart.image}`,
    '  context: .',
    '  docker:',
    '    dockerfile: deploy/Dockerfile',
    `    target: ${part.chart.target}`,
    '    buildArgs:',
    `      WORKSPACE: ${part.dir}`,
  ]);
}

export function skaffoldImagePatches(parts: readonly SystemPart[] = SYSTEM): string[] {
  return parts.flatMap((part) => {
    const key = imageKey(part.chart.image);
    return [
      `services.${part.name}.image.repository: "{{.IMAGE_REPO_${key}}}"`,
      `services.${part.name}.image.tag: "{{.IMAGE_TAG_${key}}}"`,
    ];
  });
}

function readyWhen(part: SystemPart): string {
  return part.readiness.kind === 'http'
    ? `\`GET ${part.readiness.path}\` answers 200`
    : "gRPC health check `''` is `SERVING`";
}

/** README's port table: every part, the embedded Postgres of `make dev`, the reserved ports. */
export function readmePortTable(
  parts: readonly SystemPart[] = SYSTEM,
  reserved: readonly ReservedService[] = RESERVED_SERVICES,
  postgresPort = 54329,
): string[] {
  return [
    '| part | port | ready when |',
    '|---|---|---|',
    ...parts.map((part) => `| ${part.chart.about} | ${part.port} | ${readyWhen(part)} |`),
    `| embedded Postgres of \`make dev\` | ${postgresPort} | |`,
    ...(reserved.length
      ? [`| ${reserved.map((s) => s.name).join(', ')} | ${reserved.map((s) => s.port).join(', ')} | reserved |`]
      : []),
  ];
}

const code = (text: string) => (text ? `\`${text}\`` : '');

/** docs/deploy.md's parts table. */
export function deployPartsTable(
  parts: readonly SystemPart[] = SYSTEM,
  reserved: readonly ReservedService[] = RESERVED_SERVICES,
): string[] {
  return [
    '| part | folder | image | port | database | address variable | called by | calls outside |',
    '|---|---|---|---|---|---|---|---|',
    ...parts.map(
      (p) =>
        `| ${p.name} | ${code(p.dir)} | ${code(p.chart.image)} | ${p.port} | ${code(p.database ? databaseName(p.database) : '')} | ${code(p.address?.variable ?? '')} | ${callersOf(
          p.name,
          parts,
        )
          .map((c) => c.name)
          .join(', ')} | ${(p.calls?.outside ?? []).join(', ')} |`,
    ),
    ...reserved.map(
      (s) =>
        `| ${s.name} | ${code(`services/${s.name}`)} | ${code(`darmankar/${s.name}`)} | ${s.port} | ${code(databaseName(s.database))} | ${code(s.addressVariable)} | (reserved) | |`,
    ),
  ];
}

/** The keys of each part's Secret in production (`darmankar-<part>`), in the order the chart composes them. */
export function secretKeys(part: SystemPart, parts: readonly SystemPart[] = SYSTEM): string[] {
  return [
    ...(part.database ? ['DATABASE_URL'] : []),
    ...(protocolOf(part) === 'grpc' ? ['CALLER_ASSERTION_PUBLIC_KEY'] : []),
    ...(signsCalls(part, parts) ? ['CALLER_ASSERTION_PRIVATE_KEY'] : []),
    ...(part.chart.secrets ?? []),
  ];
}

/** docs/deploy.md's table of the Secrets an operator makes for production. */
export function deploySecretsTable(parts: readonly SystemPart[] = SYSTEM): string[] {
  return [
    '| Secret | keys |',
    '|---|---|',
    ...parts.map((part) => {
      const keys = secretKeys(part, parts).map((key) => {
        if (key !== 'CALLER_ASSERTION_PRIVATE_KEY' || part.name === 'gateway') return code(key);
        const grpcCallees = calleesOf(part, parts)
          .filter((c) => protocolOf(c) === 'grpc')
          .map((c) => c.name);
        return `${code(key)} (the private half of the gateway's pair: it vouches for the user it acts for when it calls ${grpcCallees.join(', ')})`;
      });
      return `| \`darmankar-${part.name}\` | ${keys.length ? keys.join(', ') : 'none (an empty Secret)'} |`;
    }),
  ];
}

/**
 * Replaces the lines between the `open` and `close` marker lines (each found once; the opening
 * one by its words before ` (`, and rewritten whole) with `content`, indented as the opening
 * marker is. Throws when a marker is missing or repeated.
 */
export function replaceBetween(text: string, file: string, open: string, close: string, content: string[]): string {
  const lines = text.split('\n');
  const prefix = open.split(' (')[0]!;
  const opens = (line: string) => line.trim() === prefix || line.trim().startsWith(`${prefix} `);
  const start = lines.findIndex(opens);
  const end = lines.findIndex((line, index) => index > start && line.trim() === close);
  if (start < 0 || end < 0) throw new Error(`${file}: no "${open}" … "${close}" markers to generate between`);
  if (lines.some((line, index) => index > start && opens(line))) throw new Error(`${file}: "${open}" appears twice`);
  const indent = lines[start]!.match(/^\s*/)![0];
  return [
    ...lines.slice(0, start),
    indent + open,
    ...content.map((line) => (line ? indent + line : line)),
    ...lines.slice(end),
  ].join('\n');
}

const yamlMarkers = (id: string) => [`# generated:${id} (${YAML_NOTE})`, `# /generated:${id}`] as const;
const sqlMarkers = (id: string) => [`-- generated:${id} (${YAML_NOTE})`, `-- /generated:${id}`] as const;
const markdownMarkers = (id: string) =>
  [
    `<!-- generated:${id} (make generate writes this table from scripts/system.ts) -->`,
    `<!-- /generated:${id} -->`,
  ] as const;

/** Each generated region: its file, its id and its content. */
export function generatedRegions(
  parts: readonly SystemPart[] = SYSTEM,
  reserved: readonly ReservedService[] = RESERVED_SERVICES,
) {
  return [
    { file: 'helm/darmankar/values.yaml', id: 'parts', kind: 'yaml', content: valuesBlock(parts) },
    { file: 'skaffold.yaml', id: 'artifacts', kind: 'yaml', content: skaffoldArtifacts(parts) },
    { file: 'skaffold.yaml', id: 'images', kind: 'yaml', content: skaffoldImagePatches(parts) },
    { file: 'skaffold.yaml', id: 'production-images', kind: 'yaml', content: skaffoldImagePatches(parts) },
    { file: 'README.md', id: 'ports', kind: 'markdown', content: readmePortTable(parts, reserved) },
    { file: 'docs/deploy.md', id: 'parts', kind: 'markdown', content: deployPartsTable(parts, reserved) },
    { file: 'docs/deploy.md', id: 'secrets', kind: 'markdown', content: deploySecretsTable(parts) },
    { file: 'deploy/dev/postgres.yaml', id: 'databases', kind: 'sql', content: developmentDatabases(parts, reserved) },
  ] as const;
}

/**
 * The generated files' contents, from the files as they are (read through `read`, relative
 * paths), for the given registry. Throws on a registry with problems.
 */
export function generateSystemFiles(
  parts: readonly SystemPart[] = SYSTEM,
  reserved: readonly ReservedService[] = RESERVED_SERVICES,
  read: (file: string) => string = (file) => readFileSync(path.join(REPO_ROOT, file), 'utf8'),
): Record<string, string> {
  const problems = registryProblems(parts, reserved);
  if (problems.length > 0) throw new Error(`scripts/system.ts:\n  ${problems.join('\n  ')}`);
  const files: Record<string, string> = {};
  for (const region of generatedRegions(parts, reserved)) {
    const [open, close] = { yaml: yamlMarkers, sql: sqlMarkers, markdown: markdownMarkers }[region.kind](region.id);
    files[region.file] = replaceBetween(files[region.file] ?? read(region.file), region.file, open, close, [
      ...region.content,
    ]);
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  try {
    const stale: string[] = [];
    for (const [file, content] of Object.entries(generateSystemFiles())) {
      const full = path.join(REPO_ROOT, file);
      if (readFileSync(full, 'utf8') === content) continue;
      stale.push(file);
      if (!check) writeFileSync(full, content);
    }
    if (check && stale.length > 0) {
      console.error(`stale, run make generate: ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log(
      `registry copies: ${stale.length ? `${check ? 'stale' : 'rewrote'} ${stale.join(', ')}` : 'up to date'} (${SYSTEM_GENERATED_FILES.join(', ')})`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
