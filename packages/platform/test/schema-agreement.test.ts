// Each service's Prisma schema must describe exactly the database its SQL migrations build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { serviceMigrationSets } from '../src/migrate.ts';
import {
  assertSchemaAgreement,
  findSchemaDisagreements,
  readPrismaSchema,
  SchemaDisagreementError,
} from '../src/schema-check.ts';
import { createTestDatabase } from '../src/testing.ts';

const SERVICES_DIR = fileURLToPath(new URL('../../../services/', import.meta.url));
const FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

const services = readdirSync(SERVICES_DIR).filter((name) =>
  existsSync(path.join(SERVICES_DIR, name, 'prisma', 'schema.prisma')),
);

/** Migrates a throw-away database the way a service's start-up does, then compares. */
async function disagreements(serviceDir: string): Promise<string[]> {
  const db = await createTestDatabase(
    `schema_${path.basename(serviceDir).replace(/\W/g, '_')}`,
    serviceMigrationSets(serviceDir),
  );
  try {
    return await findSchemaDisagreements(path.join(serviceDir, 'prisma', 'schema.prisma'), db.url);
  } finally {
    await db.drop();
  }
}

test('there is at least one service schema to check', () => {
  assert.ok(services.length > 0, `no services/*/prisma/schema.prisma under ${SERVICES_DIR}`);
});

for (const service of services) {
  test(`services/${service}: the Prisma schema and the migrated database agree`, async () => {
    const serviceDir = path.join(SERVICES_DIR, service);
    const db = await createTestDatabase(`schema_${service.replace(/\W/g, '_')}`, serviceMigrationSets(serviceDir));
    try {
      await assertSchemaAgreement(path.join(serviceDir, 'prisma', 'schema.prisma'), db.url);
    } finally {
      await db.drop();
    }
  });
}

test('a matching pair using enums, lists, native types and composite keys agrees', async () => {
  assert.deepEqual(await disagreements(path.join(FIXTURES_DIR, 'schema-agreeing')), []);
});

test('a divergent pair is refused with every difference named', async () => {
  const problems = await disagreements(path.join(FIXTURES_DIR, 'schema-divergent'));
  const expected = [
    'model Account: unique constraint on (cellphone) is missing from the database',
    'Account.nickname (accounts.nickname): schema says optional, database column is NOT NULL',
    'Account.age (accounts.age): schema says int4, database has text',
    'Account.about (accounts.about): schema says varchar(200), database has varchar(100)',
    'Account.createdAt (accounts.created_at): schema says timestamptz(3), database has timestamp(3)',
    'Account.deletedAt (accounts.deleted_at): column is missing from the database',
    'model Account: column accounts.legacy_code is in the database but not in the schema',
    'model Account: database has a unique constraint on (legacy_code) that the schema lacks',
    'model Payment: table payments is missing from the database',
    'table audit_log: in the database but no model maps to it',
  ];
  assert.deepEqual([...problems].sort(), [...expected].sort());
});

test('assertSchemaAgreement throws an error that lists the problems', async () => {
  const dir = path.join(FIXTURES_DIR, 'schema-divergent');
  const db = await createTestDatabase('schema_assert', serviceMigrationSets(dir));
  try {
    await assert.rejects(assertSchemaAgreement(path.join(dir, 'prisma', 'schema.prisma'), db.url), (error: unknown) => {
      assert.ok(error instanceof SchemaDisagreementError);
      assert.equal(error.problems.length, 10);
      assert.match(error.message, /table payments is missing/);
      return true;
    });
  } finally {
    await db.drop();
  }
});

test('an invalid schema is reported with Prisma’s own message', async () => {
  const bad = path.join(FIXTURES_DIR, 'schema-invalid.prisma');
  await assert.rejects(readPrismaSchema(bad), /not a valid Prisma schema: .*Nope/s);
});
