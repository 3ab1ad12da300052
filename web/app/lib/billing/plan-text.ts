// Plan names and descriptions in the page's language. The billing service keeps one title and
// description per plan (Persian, seeded by its migration); the plans it sells are known by slug,
// and each known slug has its title and description in the catalogue (billing.*.ts) in both
// languages. A plan the catalogue does not know yet shows the service's own text.
import type { MessageKey, Translate } from '../../i18n/index.ts';
import type { Plan } from './types.ts';

const PLAN_TEXT: Record<string, { title: MessageKey; description: MessageKey }> = {
  basic: { title: 'billing.planName.basic', description: 'billing.planText.basic' },
  professional: { title: 'billing.planName.professional', description: 'billing.planText.professional' },
  enterprise: { title: 'billing.planName.enterprise', description: 'billing.planText.enterprise' },
};

type PlanWords = Pick<Plan, 'slug' | 'title' | 'description'>;

export function planTitle(plan: Pick<Plan, 'slug' | 'title'>, t: Translate): string {
  const known = PLAN_TEXT[plan.slug];
  return known ? t(known.title) : plan.title;
}

export function planDescription(plan: PlanWords, t: Translate): string {
  const known = PLAN_TEXT[plan.slug];
  return known ? t(known.description) : plan.description;
}
