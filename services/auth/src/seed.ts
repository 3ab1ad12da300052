// Demo data for `make dev`: one demo user who can log in with the development outbox.
// Idempotent: running it again changes nothing.
import { runSeed } from '@darmankar/platform/seed';
import { createDatabase } from './db/client.ts';
import { userEvents } from './events/user-events.ts';

export const DEMO_CELLPHONE = '09120000000';
const DEMO_EMAIL = 'demo@darmankar.ir';

await runSeed(createDatabase, async (db) => {
  const created = await db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { cellphone: DEMO_CELLPHONE } })) return false;
    const user = await tx.user.create({
      data: { cellphone: DEMO_CELLPHONE, email: DEMO_EMAIL, emailVerifiedAt: new Date() },
    });
    await userEvents.registered(tx, user.id, DEMO_CELLPHONE);
    await userEvents.emailVerified(tx, user.id, DEMO_EMAIL);
    return true;
  });
  console.log(
    created ? `auth: demo user ${DEMO_CELLPHONE} created` : `auth: demo user ${DEMO_CELLPHONE} already present`,
  );
});
