// What the invoice prints, worked out once and pure (tested without a browser): every figure in
// toman with the locale's digits (the platform's currency helper), the date in the Jalali
// calendar, and the total in Persian words by the platform's number-to-words (spec §9).
import { rialsToToman } from '@darmankar/platform/money';
import { NUMBER_WORDS_OUT_OF_RANGE, numberToWords } from '@darmankar/platform/number-words';
import { translator, type MessageKey } from '../../i18n/index.ts';
import { formatJalaliDate, formatNumber, formatToman, formatTomanFigure, localDigits } from '../format.ts';
import type { Locale } from '../locale.ts';
import type { Invoice, InvoiceParty } from './types.ts';

/** A label and its value: a party's field, the heading's number and date, a fact of the payment. */
export interface InvoiceRow {
  label: string;
  value: string;
  /** Read left to right whatever the page's direction (a masked card: 6037-99**-****-1234). */
  ltr?: boolean;
}

export interface InvoiceFigures {
  title: string;
  documentTitle: string;
  orderNumber: string;
  date: string;
  seller: InvoiceRow[];
  buyer: InvoiceRow[];
  lines: Array<{ row: string; title: string; quantity: string; unitPrice: string; amount: string }>;
  subtotal: string;
  discountLabel: string;
  discount: string;
  vatLabel: string;
  vat: string;
  total: string;
  /** The total in Persian words with its unit, or the catalogue's words for a total too long to say. */
  totalInWords: string;
  payment: InvoiceRow[];
}

const PARTY_FIELDS = ['name', 'nationalId', 'economicCode', 'address', 'postalCode', 'phone'] as const;
/** Fields that are numbers people copy (ids, codes, phone): the locale's digits. */
const DIGIT_FIELDS = new Set<string>(['nationalId', 'economicCode', 'postalCode', 'phone']);

/** The total in words: Persian on every invoice, the unit and the out-of-range text from the catalogue. */
export function totalInWords(totalRials: number, locale: Locale): string {
  const t = translator(locale);
  const words = numberToWords(rialsToToman(totalRials));
  return words === NUMBER_WORDS_OUT_OF_RANGE ? t('invoice.wordsOutOfRange') : t('invoice.wordsToman', { words });
}

export function invoiceFigures(invoice: Invoice, locale: Locale): InvoiceFigures {
  const t = translator(locale);
  const digits = (value: string | number) => localDigits(value, locale);
  const party = (of: InvoiceParty): InvoiceRow[] =>
    PARTY_FIELDS.map((field) => ({
      label: t(`invoice.party.${field}` as MessageKey),
      value: of[field].trim() ? (DIGIT_FIELDS.has(field) ? digits(of[field]) : of[field]) : t('invoice.party.unknown'),
    }));
  const percent = `${formatNumber(invoice.vatPercent, locale)}${locale === 'fa' ? '٪' : '%'}`;
  const { payment } = invoice;
  return {
    title: t('invoice.title'),
    documentTitle: t('invoice.documentTitle', { number: digits(invoice.orderNumber) }),
    orderNumber: digits(invoice.orderNumber),
    date: formatJalaliDate(new Date(invoice.issuedAt), locale),
    seller: party(invoice.seller),
    buyer: party(invoice.buyer),
    lines: invoice.lines.map((line, index) => ({
      row: digits(index + 1),
      title: line.title,
      quantity: formatNumber(line.quantity, locale),
      unitPrice: formatTomanFigure(line.unitPriceRials, locale),
      amount: formatTomanFigure(line.amountRials, locale),
    })),
    subtotal: formatToman(invoice.subtotalRials, locale),
    discountLabel: invoice.discountCode
      ? t('invoice.discountWithCode', { code: invoice.discountCode })
      : t('invoice.discount'),
    discount: formatToman(invoice.discountRials, locale),
    vatLabel: t('invoice.vat', { percent }),
    vat: formatToman(invoice.vatRials, locale),
    total: formatToman(invoice.totalRials, locale),
    totalInWords: totalInWords(invoice.totalRials, locale),
    payment: [
      { label: t('invoice.paymentNumber'), value: digits(payment.number) },
      { label: t('invoice.paymentMethod'), value: t(`invoice.paymentMethod.${payment.method}`) },
      ...(payment.reference ? [{ label: t('invoice.paymentReference'), value: digits(payment.reference) }] : []),
      ...(payment.card ? [{ label: t('invoice.paymentCard'), value: digits(payment.card), ltr: true }] : []),
    ],
  };
}
