// The Persian words of every notification kind. Numbers in Persian digits, amounts in toman.
import { formatToman, formatWholeNumber } from '@darmankar/platform/money';
import { cleanText, toPersianDigits } from '@darmankar/platform/persian';
import type { Catalogue, Params } from './types.ts';

const n = (value: unknown) => formatWholeNumber(Number(value ?? 0), 'fa');
/** A number people read out (an order's), without separators. */
const id = (value: unknown) => toPersianDigits(String(value ?? ''));
const toman = (value: unknown) => formatToman(BigInt(String(value ?? 0)), 'fa');
const s = (value: unknown) => String(value ?? '');
/** What someone typed, on one line (its line breaks made spaces). */
const line = (value: unknown) => cleanText(s(value), { singleLine: true });
const resource = (p: Params) => (p.resource === 'featured' ? 'آگهی ویژه' : 'انتشار آگهی');

export const fa: Catalogue = {
  brand: 'درمانکار',
  email: {
    greeting: 'سلام،',
    open: 'مشاهده',
    footer: 'این پیام را درمانکار فرستاده است. در صفحهٔ تنظیمات اعلان‌ها می‌توانید آن را خاموش کنید.',
  },
  kinds: {
    job_alert: {
      title: (p) => `آگهی تازه برای «${s(p.filterName)}»`,
      body: (p) => `آگهی «${s(p.postingTitle)}» با جست‌وجوی ذخیره‌شدهٔ شما جور است.`,
      sms: (p) => `آگهی تازه: ${s(p.postingTitle)}`,
    },
    job_alert_digest: {
      title: (p) => `${n(p.count)} آگهی تازه برای جست‌وجوهای ذخیره‌شدهٔ شما`,
      body: (p) => `آگهی‌های تازهٔ امروز: ${((p.titles as string[]) ?? []).join('، ')}`,
      sms: (p) => `${n(p.count)} آگهی تازه برای جست‌وجوهای شما`,
    },
    application_moved: {
      title: () => 'درخواست شما یک مرحله جلو رفت',
      body: (p) => `درخواست شما برای «${s(p.postingTitle)}» به مرحلهٔ «${s(p.stepName)}» رسید.`,
      sms: (p) => `درخواست شما برای ${s(p.postingTitle)} به مرحلهٔ ${s(p.stepName)} رسید.`,
    },
    application_rejected: {
      title: () => 'نتیجهٔ درخواست شما',
      body: (p) => `کارفرما درخواست شما برای «${s(p.postingTitle)}» را نپذیرفت.`,
      sms: (p) => `درخواست شما برای ${s(p.postingTitle)} پذیرفته نشد.`,
    },
    application_accepted: {
      title: () => 'درخواست شما پذیرفته شد',
      body: (p) => `تبریک! درخواست شما برای «${s(p.postingTitle)}» پذیرفته شد.`,
      sms: (p) => `تبریک! درخواست شما برای ${s(p.postingTitle)} پذیرفته شد.`,
    },
    new_application: {
      title: (p) => `${n(p.count)} درخواست تازه`,
      body: (p) => `${n(p.count)} درخواست تازه برای آگهی «${s(p.postingTitle)}» رسیده است.`,
      sms: (p) => `${n(p.count)} درخواست تازه برای ${s(p.postingTitle)}`,
    },
    order_paid: {
      title: (p) => `رسید پرداخت سفارش ${id(p.orderNumber)}`,
      body: (p) => `پرداخت ${toman(p.totalRials)} برای سفارش ${id(p.orderNumber)} «${s(p.brand)}» انجام شد.`,
      sms: (p) => `پرداخت ${toman(p.totalRials)} برای سفارش ${id(p.orderNumber)} انجام شد.`,
    },
    wallet_topped_up: {
      title: () => 'کیف پول شارژ شد',
      body: (p) => `${toman(p.amountRials)} به کیف پول «${s(p.brand)}» افزوده شد. موجودی: ${toman(p.balanceRials)}.`,
      sms: (p) => `${toman(p.amountRials)} به کیف پول شما افزوده شد.`,
    },
    plan_expiring: {
      title: (p) => `طرح «${s(p.planTitle)}» رو به پایان است`,
      body: (p) => `طرح «${s(p.planTitle)}» «${s(p.brand)}» ${n(p.daysLeft)} روز دیگر به پایان می‌رسد.`,
      sms: (p) => `طرح ${s(p.planTitle)} شما ${n(p.daysLeft)} روز دیگر تمام می‌شود.`,
    },
    plan_expired: {
      title: (p) => `طرح «${s(p.planTitle)}» به پایان رسید`,
      body: (p) => `طرح «${s(p.planTitle)}» «${s(p.brand)}» به پایان رسید. برای ادامه طرح تازه‌ای بخرید.`,
      sms: (p) => `طرح ${s(p.planTitle)} شما به پایان رسید.`,
    },
    resources_low: {
      title: (p) => `سهم ${resource(p)} رو به پایان است`,
      body: (p) => `از سهم ${resource(p)} طرح «${s(p.brand)}» ${n(p.remaining)} مانده است.`,
      sms: (p) => `از سهم ${resource(p)} شما ${n(p.remaining)} مانده است.`,
    },
    agent_invited: {
      title: (p) => `دعوت به همکاری با «${s(p.brand)}»`,
      body: (p) => `«${s(p.brand)}» شما را به عنوان نماینده در درمانکار دعوت کرده است.`,
      sms: (p) => `${s(p.firstName)} عزیز، ${s(p.brand)} شما را در درمانکار دعوت کرده است. ورود:`,
    },
    contact_received: {
      title: () => 'پیام شما به درمانکار رسید',
      body: (p) =>
        `${line(p.subject) ? `پیام شما با موضوع «${line(p.subject)}»` : 'پیام شما'} به دست ما رسید. آن را می‌خوانیم و به همین نشانی پاسخ می‌دهیم.`,
      email: {
        subject: 'پیام شما به درمانکار رسید',
        greeting: (p) => (line(p.name) ? `سلام ${line(p.name)}،` : 'سلام،'),
        footer: 'این پیام را درمانکار فرستاده است، چون از فرم «تماس با ما» پیامی با این نشانی برای ما فرستاده شد.',
      },
    },
  },
};
