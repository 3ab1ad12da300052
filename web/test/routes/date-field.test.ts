// The site's one date input: Jalali day, month and year selects (posted as name.d/.m/.y, which
// the servers turn into the Gregorian date), and a calendar to pick the day from.
import './support/dom.ts';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { JalaliDateField } from '../../app/components/ui/JalaliDateField.tsx';
import { LocaleContext, translator } from '../../app/i18n/index.ts';
import { profileBody } from '../../app/lib/employer/profile.server.ts';
import { jalaliDateFromForm, jalaliPartsToIso } from '../../app/lib/jalali-date.ts';
import type { Locale } from '../../app/lib/locale.ts';

afterEach(cleanup);

function renderField(locale: Locale, defaultValue?: string) {
  return render(
    createElement(
      LocaleContext.Provider,
      { value: locale },
      createElement(
        'form',
        { 'data-testid': 'form' },
        createElement(JalaliDateField, { label: 'تاریخ تأسیس', name: 'establishmentDate', defaultValue }),
      ),
    ),
  );
}

test('Jalali parts become the Gregorian date; half a date or a day that does not exist is refused by name', () => {
  assert.equal(jalaliPartsToIso('1398', '1', '2'), '2019-03-22');
  assert.equal(jalaliPartsToIso('۱۴۰۲', '۱۲', '۲۹'), '2024-03-19');
  assert.equal(jalaliPartsToIso('', '', ''), null);
  assert.equal(jalaliPartsToIso('1398', '', '2'), 'invalid');
  assert.equal(jalaliPartsToIso('1401', '12', '30'), 'invalid');
  const form = new FormData();
  form.set('establishmentDate.y', '1398');
  form.set('establishmentDate.m', '1');
  form.set('establishmentDate.d', '2');
  assert.equal(jalaliDateFromForm(form, 'establishmentDate'), '2019-03-22');
  form.set('brand', 'درمانگاه مهر');
  assert.equal(profileBody(form).establishmentDate, '2019-03-22', 'the employer form posts the same three fields');
});

test('the saved date shows in the selects, in Persian digits and month names', () => {
  renderField('fa', '2019-03-22');
  const form = screen.getByTestId('form') as HTMLFormElement;
  const data = new FormData(form);
  assert.deepEqual(
    [data.get('establishmentDate.y'), data.get('establishmentDate.m'), data.get('establishmentDate.d')],
    ['1398', '1', '2'],
  );
  const year = screen.getByLabelText(`تاریخ تأسیس: ${translator('fa')('ui.year')}`) as HTMLSelectElement;
  assert.equal(year.selectedOptions[0]!.textContent, '۱۳۹۸');
  const month = screen.getByLabelText(`تاریخ تأسیس: ${translator('fa')('ui.month')}`) as HTMLSelectElement;
  assert.equal(month.selectedOptions[0]!.textContent, 'فروردین');
});

test('each select can be changed by hand', () => {
  renderField('fa');
  const fa = translator('fa');
  for (const [part, value] of [
    ['day', '20'],
    ['month', '11'],
    ['year', '1365'],
  ] as const) {
    fireEvent.change(screen.getByLabelText(`تاریخ تأسیس: ${fa(`ui.${part}`)}`), { target: { value } });
  }
  const data = new FormData(screen.getByTestId('form') as HTMLFormElement);
  assert.deepEqual(
    [data.get('establishmentDate.y'), data.get('establishmentDate.m'), data.get('establishmentDate.d')],
    ['1365', '11', '20'],
  );
});

test('a day picked from the calendar fills the selects', async () => {
  renderField('fa', '2019-03-22');
  const button = await screen.findByRole('button', { name: translator('fa')('ui.pickDate', { label: 'تاریخ تأسیس' }) });
  fireEvent.click(button);
  const calendar = await screen.findByTestId('date-calendar', {}, { timeout: 15_000 });
  // The month of the chosen date, in Persian, with Persian digits.
  const heading = within(calendar).getByRole('heading').textContent ?? '';
  assert.ok(heading.includes('فروردین') && heading.includes('۱۳۹۸'), heading);
  fireEvent.click(within(calendar).getByText('۱۵', { exact: true }));
  await waitFor(() => assert.equal(screen.queryByTestId('date-calendar'), null));
  const data = new FormData(screen.getByTestId('form') as HTMLFormElement);
  assert.deepEqual(
    [data.get('establishmentDate.y'), data.get('establishmentDate.m'), data.get('establishmentDate.d')],
    ['1398', '1', '15'],
  );
});
