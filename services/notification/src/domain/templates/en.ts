// The English words of every notification kind.
import { formatToman, formatWholeNumber } from '@darmankar/platform/money';
import { cleanText } from '@darmankar/platform/persian';
import type { Catalogue, Params } from './types.ts';

const n = (value: unknown) => formatWholeNumber(Number(value ?? 0), 'en');
const toman = (value: unknown) => formatToman(BigInt(String(value ?? 0)), 'en');
const s = (value: unknown) => String(value ?? '');
/** What someone typed, on one line (its line breaks made spaces). */
const line = (value: unknown) => cleanText(s(value), { singleLine: true });
const resource = (p: Params) => (p.resource === 'featured' ? 'featured postings' : 'postings');

export const en: Catalogue = {
  brand: 'Darmankar',
  email: {
    greeting: 'Hello,',
    open: 'Open',
    footer: 'Sent by Darmankar. You can turn this off in your notification settings.',
  },
  kinds: {
    job_alert: {
      title: (p) => `New posting for "${s(p.filterName)}"`,
      body: (p) => `"${s(p.postingTitle)}" matches your saved search.`,
      sms: (p) => `New posting: ${s(p.postingTitle)}`,
    },
    job_alert_digest: {
      title: (p) => `${n(p.count)} new postings for your saved searches`,
      body: (p) => `Today's new postings: ${((p.titles as string[]) ?? []).join(', ')}`,
      sms: (p) => `${n(p.count)} new postings for your saved searches`,
    },
    application_moved: {
      title: () => 'Your application moved forward',
      body: (p) => `Your application for "${s(p.postingTitle)}" reached the step "${s(p.stepName)}".`,
      sms: (p) => `Your application for ${s(p.postingTitle)} reached ${s(p.stepName)}.`,
    },
    application_rejected: {
      title: () => 'About your application',
      body: (p) => `The employer did not accept your application for "${s(p.postingTitle)}".`,
      sms: (p) => `Your application for ${s(p.postingTitle)} was not accepted.`,
    },
    application_accepted: {
      title: () => 'Your application was accepted',
      body: (p) => `Congratulations! Your application for "${s(p.postingTitle)}" was accepted.`,
      sms: (p) => `Congratulations! Your application for ${s(p.postingTitle)} was accepted.`,
    },
    new_application: {
      title: (p) => `${n(p.count)} new application${Number(p.count) === 1 ? '' : 's'}`,
      body: (p) => `${n(p.count)} new application(s) for "${s(p.postingTitle)}".`,
      sms: (p) => `${n(p.count)} new application(s) for ${s(p.postingTitle)}`,
    },
    order_paid: {
      title: (p) => `Receipt for order ${s(p.orderNumber)}`,
      body: (p) => `${toman(p.totalRials)} paid for order ${s(p.orderNumber)} of "${s(p.brand)}".`,
      sms: (p) => `${toman(p.totalRials)} paid for order ${s(p.orderNumber)}.`,
    },
    wallet_topped_up: {
      title: () => 'Wallet topped up',
      body: (p) => `${toman(p.amountRials)} added to the wallet of "${s(p.brand)}". Balance: ${toman(p.balanceRials)}.`,
      sms: (p) => `${toman(p.amountRials)} added to your wallet.`,
    },
    plan_expiring: {
      title: (p) => `Your plan "${s(p.planTitle)}" ends soon`,
      body: (p) => `The plan "${s(p.planTitle)}" of "${s(p.brand)}" ends in ${n(p.daysLeft)} day(s).`,
      sms: (p) => `Your plan ${s(p.planTitle)} ends in ${n(p.daysLeft)} day(s).`,
    },
    plan_expired: {
      title: (p) => `Your plan "${s(p.planTitle)}" ended`,
      body: (p) => `The plan "${s(p.planTitle)}" of "${s(p.brand)}" ended. Buy a new plan to continue.`,
      sms: (p) => `Your plan ${s(p.planTitle)} ended.`,
    },
    resources_low: {
      title: (p) => `Few ${resource(p)} left`,
      body: (p) => `The plan of "${s(p.brand)}" has ${n(p.remaining)} ${resource(p)} left.`,
      sms: (p) => `${n(p.remaining)} ${resource(p)} left in your plan.`,
    },
    agent_invited: {
      title: (p) => `Invitation from "${s(p.brand)}"`,
      body: (p) => `"${s(p.brand)}" invited you to act for it on Darmankar.`,
      sms: (p) => `${s(p.firstName)}, ${s(p.brand)} invited you to Darmankar. Log in:`,
    },
    contact_received: {
      title: () => 'We received your message',
      body: (p) =>
        `We received your message${line(p.subject) ? ` "${line(p.subject)}"` : ''}. We will read it and reply to this address.`,
      email: {
        subject: 'We received your message — Darmankar',
        greeting: (p) => (line(p.name) ? `Hello ${line(p.name)},` : 'Hello,'),
        footer: 'Sent by Darmankar because a message was sent to us with this address through the "Contact us" form.',
      },
    },
  },
};
