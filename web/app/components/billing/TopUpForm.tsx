import { excText } from '@darmankar/platform/errors/catalogue';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { parseTopUpAmount, type TopUpBounds } from '../../lib/billing/top-up.ts';
import { formatToman } from '../../lib/format.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';

export interface TopUpFormProps {
  bounds: TopUpBounds;
  /** The amount typed before the page came back from the server. */
  typed?: string;
  /** The server's check of the amount, in words, or the service's refusal code. */
  serverError?: { key: MessageKey } | { code: string };
}

/**
 * Tops the wallet up through the payment provider: an amount in toman within the bounds. With
 * JavaScript the amount is checked before sending; without it the action checks it and the page
 * comes back with the field marked. Sent, the browser goes on to the provider's page.
 */
export function TopUpForm({ bounds, typed, serverError }: TopUpFormProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  // The browser's own check wins until the next submit; then the server's answer shows.
  const shown = clientError
    ? t(clientError)
    : serverError
      ? 'key' in serverError
        ? t(serverError.key)
        : excText(serverError.code, locale)
      : undefined;
  const range = {
    min: formatToman(bounds.topUpMinRials, locale),
    max: formatToman(bounds.topUpMaxRials, locale),
  };
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      data-testid="top-up-form"
      onSubmit={(event) => {
        const amount = parseTopUpAmount(new FormData(event.currentTarget).get('amount')?.toString(), bounds);
        setClientError(amount.ok ? null : amount.error);
        if (!amount.ok) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="topUp" />
      <TextField
        name="amount"
        label={t('billing.topUp.amount')}
        description={t('billing.topUp.bounds', range)}
        errorMessage={shown}
        defaultValue={typed}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        className="min-w-0 flex-1"
        onChange={() => setClientError(null)}
        data-testid="top-up-amount"
      />
      <Button type="submit" className="sm:mt-7" isDisabled={navigation.state !== 'idle'} data-testid="top-up-submit">
        {t('billing.topUp.submit')}
      </Button>
    </Form>
  );
}
