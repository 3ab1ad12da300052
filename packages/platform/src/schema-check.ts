// Proves that a service's Prisma schema and its database, built by the SQL migrations,
// describe the same tables. Prisma's migration engine cannot run here, so migrations are
// written by hand; this check is what keeps them honest.
//
// The schema is read by Prisma's own parser (the schema wasm module that `prisma format`
// uses), which yields the DMMF: models, fields, native types and indexes, exactly as
// Prisma Client will see them.
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { get_dmmf } from '@prisma/prisma-schema-wasm';

/** Tables every service database has that belong to the platform, not to the schema. */
const PLATFORM_TABLES = ['_migrations', 'dev_outbox', 'outbox', 'parked_events', 'processed_events'] as const;

interface DmmfField {
  name: string;
  dbName: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  isUnique: boolean;
  nativeType: [string, string[]] | null;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  schema: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
  uniqueFields: string[][];
}

interface DmmfEnum {
  name: string;
  dbName: string | null;
}

export interface Datamodel {
  models: DmmfModel[];
  enums: DmmfEnum[];
}

/** Parses a schema file, or every `.prisma` file of a schema folder, with Prisma's parser. */
export async function readPrismaSchema(schemaPath: string): Promise<Datamodel> {
  const files = (await stat(schemaPath)).isDirectory()
    ? (await readdir(schemaPath))
        .filter((f) => f.endsWith('.prisma'))
        .sort()
        .map((f) => path.join(schemaPath, f))
    : [schemaPath];
  const prismaSchema = await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8')]));
  try {
    return JSON.parse(get_dmmf(JSON.stringify({ prismaSchema }))).datamodel as Datamodel;
  } catch (error) {
    // The parser throws a JSON string holding Prisma's own validation message.
    const raw = error instanceof Error ? error.message : String(error);
    let message = raw;
    try {
      message = JSON.parse(raw).message ?? raw;
    } catch {
      /* not JSON: keep the text */
    }
    throw new Error(`${schemaPath} is not a valid Prisma schema: ${message}`);
  }
}

interface DbColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  data_type: string;
  udt_name: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
}

interface DbIndex {
  table_name: string;
  columns: string[];
  is_primary: boolean;
}

/** What Postgres must hold for a field: the type name and, where it matters, its size. */
interface ExpectedType {
  udt: string;
  length?: number;
  precision?: number;
  scale?: number;
  datetimePrecision?: number;
}

const DEFAULT_TYPES: Record<string, ExpectedType> = {
  String: { udt: 'text' },
  Boolean: { udt: 'bool' },
  Int: { udt: 'int4' },
  BigInt: { udt: 'int8' },
  Float: { udt: 'float8' },
  Decimal: { udt: 'numeric', precision: 65, scale: 30 },
  DateTime: { udt: 'timestamp', datetimePrecision: 3 },
  Json: { udt: 'jsonb' },
  Bytes: { udt: 'bytea' },
};

/** Prisma's PostgreSQL native types (`@db.X`) and the Postgres type each one creates. */
const NATIVE_TYPES: Record<string, string> = {
  Text: 'text',
  VarChar: 'varchar',
  Char: 'bpchar',
  Uuid: 'uuid',
  Citext: 'citext',
  Xml: 'xml',
  Inet: 'inet',
  Bit: 'bit',
  VarBit: 'varbit',
  Boolean: 'bool',
  Integer: 'int4',
  SmallInt: 'int2',
  BigInt: 'int8',
  Oid: 'oid',
  DoublePrecision: 'float8',
  Real: 'float4',
  Decimal: 'numeric',
  Money: 'money',
  Timestamp: 'timestamp',
  Timestamptz: 'timestamptz',
  Date: 'date',
  Time: 'time',
  Timetz: 'timetz',
  Json: 'json',
  JsonB: 'jsonb',
  ByteA: 'bytea',
};

function expectedType(field: DmmfField, enums: Map<string, string>): ExpectedType | undefined {
  if (field.kind === 'enum') return { udt: enums.get(field.type) ?? field.type };
  if (!field.nativeType) return DEFAULT_TYPES[field.type];
  const [name, args] = field.nativeType;
  const udt = NATIVE_TYPES[name];
  if (!udt) return undefined;
  const numbers = args.map(Number);
  switch (name) {
    case 'VarChar':
    case 'Char':
    case 'Bit':
    case 'VarBit':
      return { udt, length: numbers[0] };
    case 'Decimal':
      return { udt, precision: numbers[0], scale: numbers[1] };
    case 'Timestamp':
    case 'Timestamptz':
    case 'Time':
    case 'Timetz':
      // Without an argument Postgres keeps microseconds (precision 6).
      return { udt, datetimePrecision: numbers[0] ?? 6 };
    default:
      return { udt };
  }
}

function describe(t: ExpectedType): string {
  const size = t.length ?? t.datetimePrecision;
  if (t.precision !== undefined) return `${t.udt}(${t.precision},${t.scale ?? 0})`;
  return size === undefined ? t.udt : `${t.udt}(${size})`;
}

function actualType(column: DbColumn): ExpectedType {
  const udt = column.data_type === 'ARRAY' ? column.udt_name.replace(/^_/, '') : column.udt_name;
  return {
    udt,
    length: column.character_maximum_length ?? undefined,
    precision: udt === 'numeric' ? (column.numeric_precision ?? undefined) : undefined,
    scale: udt === 'numeric' ? (column.numeric_scale ?? undefined) : undefined,
    datetimePrecision: /^(timestamp|timestamptz|time|timetz)$/.test(udt)
      ? (column.datetime_precision ?? undefined)
      : undefined,
  };
}

function sameType(expected: ExpectedType, actual: ExpectedType): boolean {
  if (expected.udt !== actual.udt) return false;
  if (expected.length !== undefined && expected.length !== actual.length) return false;
  if (
    expected.precision !== undefined &&
    (expected.precision !== actual.precision || (expected.scale ?? 0) !== actual.scale)
  )
    return false;
  if (expected.datetimePrecision !== undefined && expected.datetimePrecision !== actual.datetimePrecision) return false;
  return true;
}

async function readDatabase(
  databaseUrl: string,
  schemaName: string,
): Promise<{ columns: DbColumn[]; indexes: DbIndex[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = await client.query<DbColumn>(
      `SELECT c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name, c.character_maximum_length,
              c.numeric_precision, c.numeric_scale, c.datetime_precision
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
      [schemaName],
    );
    // Unique indexes (a UNIQUE constraint creates one) and primary keys, as ordered column
    // lists. Partial and expression indexes cannot come from a Prisma schema: they are
    // left to the migration author.
    const indexes = await client.query<DbIndex>(
      `SELECT t.relname AS table_name, i.indisprimary AS is_primary,
              array_agg(a.attname::text ORDER BY k.ordinality) AS columns
         FROM pg_index i
         JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality) ON true
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
        WHERE n.nspname = $1 AND i.indisunique AND i.indpred IS NULL AND NOT (0 = ANY (i.indkey))
        GROUP BY i.indexrelid, t.relname, i.indisprimary`,
      [schemaName],
    );
    return { columns: columns.rows, indexes: indexes.rows };
  } finally {
    await client.end();
  }
}

/**
 * Every way the migrated database at `databaseUrl` disagrees with the Prisma schema at
 * `schemaPath`, one readable line each; an empty list means they agree.
 */
export async function findSchemaDisagreements(schemaPath: string, databaseUrl: string): Promise<string[]> {
  const datamodel = await readPrismaSchema(schemaPath);
  const enums = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const schemaNames = [...new Set(datamodel.models.map((m) => m.schema ?? 'public'))];
  if (schemaNames.length === 0) schemaNames.push('public');
  const problems: string[] = [];

  for (const schemaName of schemaNames) {
    const { columns, indexes } = await readDatabase(databaseUrl, schemaName);
    const models = datamodel.models.filter((m) => (m.schema ?? 'public') === schemaName);
    const tablesInSchema = new Set(models.map((m) => m.dbName ?? m.name));

    const tablesInDb = new Set(columns.map((c) => c.table_name));
    for (const table of tablesInDb) {
      if (!tablesInSchema.has(table) && !(PLATFORM_TABLES as readonly string[]).includes(table)) {
        problems.push(`table ${table}: in the database but no model maps to it`);
      }
    }

    for (const model of models) {
      const table = model.dbName ?? model.name;
      if (!tablesInDb.has(table)) {
        problems.push(`model ${model.name}: table ${table} is missing from the database`);
        continue;
      }
      const dbColumns = new Map(columns.filter((c) => c.table_name === table).map((c) => [c.column_name, c]));
      const scalarFields = model.fields.filter(
        (f) => f.kind === 'scalar' || f.kind === 'enum' || f.kind === 'unsupported',
      );
      const columnOf = new Map(model.fields.map((f) => [f.name, f.dbName ?? f.name]));

      for (const field of scalarFields) {
        const columnName = field.dbName ?? field.name;
        const where = `${model.name}.${field.name} (${table}.${columnName})`;
        const column = dbColumns.get(columnName);
        if (!column) {
          problems.push(`${where}: column is missing from the database`);
          continue;
        }
        if (field.kind === 'unsupported') continue; // Unsupported("...") types are the author's to match.
        const expected = expectedType(field, enums);
        const actual = actualType(column);
        if (!expected) problems.push(`${where}: native type ${field.nativeType?.[0]} is not known to this check`);
        else if (!sameType(expected, actual))
          problems.push(`${where}: schema says ${describe(expected)}, database has ${describe(actual)}`);
        if (field.isList !== (column.data_type === 'ARRAY')) {
          problems.push(
            `${where}: schema says ${field.isList ? 'a list' : 'a single value'}, database has ${column.data_type === 'ARRAY' ? 'an array' : 'a single value'}`,
          );
        }
        // Prisma creates list columns nullable and required scalars NOT NULL.
        const nullable = column.is_nullable === 'YES';
        if (!field.isList && field.isRequired === nullable) {
          problems.push(
            `${where}: schema says ${field.isRequired ? 'required' : 'optional'}, database column is ${nullable ? 'nullable' : 'NOT NULL'}`,
          );
        }
      }

      const fieldColumns = new Set(scalarFields.map((f) => f.dbName ?? f.name));
      for (const columnName of dbColumns.keys()) {
        if (!fieldColumns.has(columnName))
          problems.push(`model ${model.name}: column ${table}.${columnName} is in the database but not in the schema`);
      }

      const toColumns = (fields: string[]) => fields.map((f) => columnOf.get(f) ?? f);
      const key = (cols: string[]) => cols.join(', ');

      const idFields = model.primaryKey?.fields ?? model.fields.filter((f) => f.isId).map((f) => f.name);
      const expectedPrimary = key(toColumns(idFields));
      const actualPrimary = indexes.find((i) => i.table_name === table && i.is_primary);
      if (idFields.length > 0 && expectedPrimary !== key(actualPrimary?.columns ?? [])) {
        problems.push(
          `model ${model.name}: primary key should be (${expectedPrimary}), database has ${actualPrimary ? `(${key(actualPrimary.columns)})` : 'none'}`,
        );
      }

      const expectedUnique = new Set([
        ...model.fields.filter((f) => f.isUnique).map((f) => key(toColumns([f.name]))),
        ...model.uniqueFields.map((fields) => key(toColumns(fields))),
      ]);
      const actualUnique = new Set(
        indexes.filter((i) => i.table_name === table && !i.is_primary).map((i) => key(i.columns)),
      );
      for (const unique of expectedUnique) {
        if (!actualUnique.has(unique))
          problems.push(`model ${model.name}: unique constraint on (${unique}) is missing from the database`);
      }
      for (const unique of actualUnique) {
        if (!expectedUnique.has(unique))
          problems.push(`model ${model.name}: database has a unique constraint on (${unique}) that the schema lacks`);
      }
    }
  }
  return problems;
}

export class SchemaDisagreementError extends Error {
  constructor(
    readonly schemaPath: string,
    readonly problems: string[],
  ) {
    super(`${schemaPath} and its migrated database disagree:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SchemaDisagreementError';
  }
}

/** Throws a SchemaDisagreementError listing every difference, or resolves when they agree. */
export async function assertSchemaAgreement(schemaPath: string, databaseUrl: string): Promise<void> {
  const problems = await findSchemaDisagreements(schemaPath, databaseUrl);
  if (problems.length > 0) throw new SchemaDisagreementError(schemaPath, problems);
}
