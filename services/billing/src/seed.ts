// Demo data for `make dev` (idempotent): a discount code to try the cart with. The plans and
// the banner's FIRSTAD come from the migrations, so every environment has the same ones.
import { randomUUID } from 'node:crypto';
import { runSeed } from '@darmankar/platform/seed';
import { createDatabase } from './db/client.ts';

const DEMO_CODE = 'DARMAN10';

await runSeed(createDatabase, async (db) => {
  const existing = await db.discountCode.findUnique({ where: { code: DEMO_CODE } });
  if (!existing)
    await db.discountCode.create({ data: { id: randomUUID(), code: DEMO_CODE, percent: 10, createdAt: new Date() } });
  console.log(`billing: discount code ${DEMO_CODE} (10% off every plan) ${existing ? 'already present' : 'created'}`);
  const banner = await db.discountCode.findUnique({ where: { code: 'FIRSTAD' } });
  if (banner)
    console.log('billing: the banner shows FIRSTAD (a first plan free, once per employer; from the migration)');
});
