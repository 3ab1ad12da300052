import { Form, useNavigation } from 'react-router';
import { FieldError, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { clsx } from 'clsx';
import { useT } from '../../i18n/index.ts';
import { CONTACT_LIMITS, type ContactField, type ContactFieldErrors } from '../../lib/content/contact.ts';
import { Button } from '../ui/Button.tsx';
import { inputClass, TextField } from '../ui/TextField.tsx';

export interface ContactFormState {
  /** Changes with every answer, so the fields start afresh from what was typed. */
  at?: number;
  errors?: ContactFieldErrors;
  typed?: Partial<Record<ContactField, string>>;
  problem?: 'tooMany' | 'failed';
}

/**
 * The contact form: a plain POST to the page's action (it works without JavaScript), each
 * refused field marked invalid with its message under it, a whole-message refusal (too many
 * messages in the hour, the service failing) said above the fields. `website` is a honeypot:
 * hidden from sight and from the tab order, and labelled for anyone who reaches it anyway.
 */
export function ContactForm({ state }: { state: ContactFormState }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = state.errors ?? {};
  const typed = state.typed ?? {};
  const error = (field: ContactField) => (errors[field] ? t(errors[field]) : undefined);
  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" noValidate className="flex flex-col gap-5" data-testid="contact-form" key={state.at ?? 'first'}>
      {state.problem && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-danger"
          data-testid={`contact-${state.problem}`}
        >
          {t(state.problem === 'tooMany' ? 'contact.form.tooMany' : 'contact.form.failed')}
        </p>
      )}
      {hasFieldErrors && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-danger"
          data-testid="contact-fix-errors"
        >
          {t('contact.form.fixErrors')}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('contact.form.name')}
          name="name"
          autoComplete="name"
          defaultValue={typed.name ?? ''}
          errorMessage={error('name')}
          maxLength={CONTACT_LIMITS.name}
          isRequired
        />
        <TextField
          label={t('contact.form.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={typed.email ?? ''}
          errorMessage={error('email')}
          maxLength={CONTACT_LIMITS.email}
          isRequired
        />
        <TextField
          label={t('contact.form.cellphone')}
          name="cellphone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          description={t('contact.form.cellphoneHint')}
          defaultValue={typed.cellphone ?? ''}
          errorMessage={error('cellphone')}
        />
        <TextField
          label={t('contact.form.subject')}
          name="subject"
          defaultValue={typed.subject ?? ''}
          errorMessage={error('subject')}
          maxLength={CONTACT_LIMITS.subject}
          isRequired
        />
      </div>
      <AriaTextField
        name="message"
        validationBehavior="aria"
        isInvalid={Boolean(errors.message)}
        isRequired
        defaultValue={typed.message ?? ''}
        className="flex flex-col gap-1.5"
      >
        <Label className="text-sm font-medium text-ink">{t('contact.form.message')}</Label>
        <TextArea rows={7} className={clsx(inputClass, 'py-3 leading-8')} />
        <Text slot="description" className="text-xs text-muted">
          {t('contact.form.messageHint')}
        </Text>
        <FieldError className="text-sm text-danger">{error('message')}</FieldError>
      </AriaTextField>
      {/* The honeypot: people never see it; a form filler that fills it is stored as spam. */}
      <div className="sr-only">
        <label htmlFor="contact-website">{t('contact.form.website')}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <Button type="submit" isDisabled={busy} data-testid="contact-submit">
          {busy ? t('contact.form.sending') : t('contact.form.send')}
        </Button>
      </div>
    </Form>
  );
}
