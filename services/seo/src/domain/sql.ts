// What the domain needs of the database: one statement at a time, on a pooled connection or
// inside the caller's transaction (pg's query, which the adapters in src/db provide).
export interface Sql {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export type InTransaction = <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;
