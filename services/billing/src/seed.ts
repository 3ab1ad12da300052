// Demo data for `make dev` (idempotent): a discount code to try the cart with. The plans
// themselves come from the migration, so every environment sells the same ones.
import { randomUUID } from 'node:crypto';
import { createDatabase } from './db/client.ts';

const db = createDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/darmankar_billing');
try {
  await db.discountCode.upsert({
    where: { code: 'DARMAN10' },
    create: { id: randomUUID(), code: 'DARMAN10', percent: 10, createdAt: new Date() },
    update: {},
  });
  console.log('billing: discount code DARMAN10 (10%)');
} finally {
  await db.$disconnect();
}
