// A posting's change as a fact for the rest of the system. Every write to a posting reports it
// inside the transaction that makes the change, so the fact exists exactly when the change does;
// src/events/posting-events.ts turns it into PostingChanged in the outbox and app.ts injects that.
import type { Transaction } from '../db/posting-store.ts';

export interface PostingChange {
  postingId: string;
  employerId: string;
  version: bigint;
  status: string;
  /** True only for the change that published it the first time. */
  publishedNow: boolean;
  /** The posting's public path is /applicants/recruitments/{jobCategory}/{slug} (sitemaps). */
  slug: string;
  jobCategory: string;
}

/** Records `change` in the transaction `tx` (at `nowMs`, the domain's clock). */
export type PostingChangePublisher = (tx: Transaction, change: PostingChange, nowMs: number) => Promise<void>;
