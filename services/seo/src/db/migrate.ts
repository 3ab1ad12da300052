// Applies the platform's and this service's migrations to DATABASE_URL, creating the
// database first when it does not exist. Used by `make dev`, the tests and the Helm job.
import { fileURLToPath } from 'node:url';
import { isEntryPoint, runMigrationCommand } from '@darmankar/platform/migrate';

export const SEO_SERVICE_DIR = fileURLToPath(new URL('../../', import.meta.url));

if (isEntryPoint(import.meta.url)) await runMigrationCommand('seo', SEO_SERVICE_DIR);
