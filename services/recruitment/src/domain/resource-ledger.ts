// The employer's plan units, as postings need them: publishing takes a `recruitment` unit,
// featuring a `featured` one, each by a reference that makes a retried call take nothing more.
// The port is declared here; src/adapters/billing-ledger.ts implements it through the billing
// service and app.ts injects it (the demo seed injects one that takes nothing).

export type UnitKind = 'recruitment' | 'featured';

export interface ResourceLedger {
  /** Takes one unit; EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT when none is left. */
  consume(userId: string, employerId: string, kind: UnitKind, reference: string): Promise<void>;
  /** Gives back the unit `reference` took, once; nothing when it took none. */
  release(userId: string, employerId: string, kind: UnitKind, reference: string): Promise<void>;
}
