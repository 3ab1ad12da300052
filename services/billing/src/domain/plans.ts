// The plans on sale: public, cheapest first.
import type { Database } from '../db/client.ts';
import { planView, type PlanView } from './views.ts';

export class Plans {
  constructor(private readonly db: Database) {}

  async list(): Promise<PlanView[]> {
    const rows = await this.db.plan.findMany({
      where: { onSale: true },
      orderBy: [{ priceRials: 'asc' }, { slug: 'asc' }],
    });
    return rows.map(planView);
  }
}
