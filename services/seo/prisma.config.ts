import { defineConfig } from 'prisma/config';

// Migrations are plain SQL applied by @darmankar/platform/migrate; this file only tells
// the CLI where the schema is (for `prisma generate`).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  datasource: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/darmankar_seo' },
});
