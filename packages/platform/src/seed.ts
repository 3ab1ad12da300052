// The preamble of every service's demo data script (`src/seed.ts`, run by `make dev`): read
// DATABASE_URL or stop with the configuration error, open the database, run the seed, close.
export interface SeedDatabase {
  $disconnect(): Promise<void>;
}

/** Runs `seed` on the database at DATABASE_URL (opened with `open`), then closes it. */
export async function runSeed<D extends SeedDatabase>(
  open: (databaseUrl: string) => D,
  seed: (db: D) => Promise<void>,
): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Invalid configuration:\n  - DATABASE_URL: required');
    process.exit(1);
  }
  const db = open(databaseUrl);
  try {
    await seed(db);
  } finally {
    await db.$disconnect();
  }
}
