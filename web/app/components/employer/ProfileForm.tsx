import { excText } from '@darmankar/platform/errors/catalogue';
import { useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { browserApi, isApiError } from '../../lib/api.ts';
import {
  codeForField,
  EMPLOYEE_COUNTS,
  isProfileListField,
  logoUrl,
  PROFILE_TEXT_FIELDS,
  type Employer,
  type ProfileTextField,
} from '../../lib/employer/types.ts';
import { uploadFile, type UploadCategory } from '../../lib/upload.ts';
import { localDigits } from '../../lib/format.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { ClosedListSelect, ProvinceCityFields } from '../ui/ClosedListSelect.tsx';
import { JalaliDateField } from '../ui/JalaliDateField.tsx';
import { Select } from '../ui/Select.tsx';
import { inputClass, TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/Toaster.tsx';

/** Fields typed left to right whatever the page direction (numbers, addresses on the web). */
const LTR_FIELDS = new Set<ProfileTextField>([
  'nationalId',
  'registrationNumber',
  'medicalRegistrationNumber',
  'phone',
  'cellphone',
  'website',
  'contactEmail',
]);

/**
 * A private document already saved on the employer: opened through a short-lived signed link
 * asked for on each press (the link is not in the page, so it cannot go stale or leak with it).
 */
function ViewSavedFile({
  employerId,
  fileId,
  text,
  label,
  onFailure,
}: {
  employerId: string;
  fileId: string;
  text: string;
  label: string;
  onFailure: (codes: string[]) => void;
}) {
  // Presses while a link is on its way are ignored; the button is not disabled, which would
  // drop a keyboard user's focus.
  const opening = useRef(false);
  return (
    <Button
      variant="secondary"
      className="min-h-9 px-3 text-xs"
      aria-label={label}
      data-testid="view-saved-file"
      onPress={async () => {
        if (opening.current) return;
        opening.current = true;
        try {
          const link = await browserApi().call('get', '/employers/{id}/files/{fileId}/link', {
            params: { id: employerId, fileId },
          });
          window.open(link.url, '_blank', 'noopener');
        } catch (failure) {
          onFailure(isApiError(failure) ? failure.codes : ['EXC_UNKNOWN']);
        } finally {
          opening.current = false;
        }
      }}
    >
      {text}
    </Button>
  );
}

/** `viewableFor`: the employer whose saved documents this field can open (private documents only). */
function FileField({
  label,
  name,
  category,
  initial,
  multiple,
  testId,
  viewableFor,
}: {
  label: string;
  name: string;
  category: UploadCategory;
  initial: string[];
  multiple?: boolean;
  testId: string;
  viewableFor?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [ids, setIds] = useState<string[]>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${name}-file`;
  const showFailure = (codes: string[]) => {
    setError(codes.map((code) => excText(code, locale)).join(' '));
    for (const code of codes) toast.error(excText(code, locale));
  };
  // Only what the employer has saved can be opened; a new upload is the employer's once saved.
  const saved = viewableFor ? ids.filter((id) => initial.includes(id)) : [];
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <span id={`${inputId}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      {/* The resume's upload control: a button in the page's language (the browser's own file
          input would say "No file chosen" in the browser's), the input itself visually hidden. */}
      <label
        htmlFor={inputId}
        className={buttonClass('secondary', 'w-fit cursor-pointer focus-within:ring-4 focus-within:ring-brand-200')}
        data-testid="file-choose"
      >
        <span id={`${inputId}-choose`}>
          {multiple ? t('ui.file.add') : ids.length > 0 ? t('ui.file.replace') : t('ui.file.choose')}
        </span>
        <input
          id={inputId}
          type="file"
          accept={category === 'LOGO' ? 'image/*' : 'image/*,application/pdf'}
          className="sr-only"
          aria-labelledby={`${inputId}-label ${inputId}-choose`}
          aria-describedby={`${inputId}-state`}
          disabled={busy}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            setBusy(true);
            setError(null);
            try {
              const id = await uploadFile(category, file, file.name);
              setIds((current) => (multiple ? [...current, id] : [id]));
            } catch (failure) {
              showFailure(isApiError(failure) ? failure.codes : ['EXC_UNKNOWN']);
            } finally {
              setBusy(false);
              event.target.value = '';
            }
          }}
        />
      </label>
      <p id={`${inputId}-state`} className="text-xs text-muted" aria-live="polite">
        {busy
          ? t('employer.form.uploading')
          : ids.length > 0
            ? t('employer.form.filesAttached', { count: localDigits(ids.length, locale) })
            : t('employer.form.noFile')}
      </p>
      {error && <p className="text-sm text-danger">{error}</p>}
      {viewableFor && saved.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {saved.map((id, index) => {
            const text = multiple
              ? t('employer.form.viewFileNumber', { number: localDigits(index + 1, locale) })
              : t('employer.form.viewFile');
            return (
              <ViewSavedFile
                key={id}
                employerId={viewableFor}
                fileId={id}
                text={text}
                label={t('employer.form.viewFileOf', { file: text, field: label })}
                onFailure={showFailure}
              />
            );
          })}
        </div>
      )}
      {ids.map((id) => (
        <input key={id} type="hidden" name={name} value={id} />
      ))}
      {ids.length > 0 && (
        <button type="button" className="self-start text-xs text-danger underline" onClick={() => setIds([])}>
          {t('employer.form.removeFiles')}
        </button>
      )}
    </div>
  );
}

/** The employer's full profile (spec §3): advanced info after creation, and the edit page. */
export function ProfileForm({
  employer,
  codes,
  submitLabel,
}: {
  employer: Employer;
  codes?: string[];
  submitLabel: string;
}) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  // Both contact names answer to …_CONTACT_NAME_….
  const errorOf = (field: string) => {
    const code =
      codeForField(codes, field) ??
      (field.startsWith('contact') && field.endsWith('Name') ? codeForField(codes, 'contactName') : undefined);
    return code ? excText(code, locale) : undefined;
  };
  const logo = logoUrl(employer.logo, 128);
  return (
    <Form method="post" className="flex flex-col gap-6" data-testid="employer-profile-form" noValidate>
      <input type="hidden" name="employerId" value={employer.id} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-bold">{t('employer.form.kind')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="isSelfEmployed" value="false" defaultChecked={!employer.isSelfEmployed} />
          {t('employer.add.organisation')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="isSelfEmployed" value="true" defaultChecked={employer.isSelfEmployed} />
          {t('employer.add.selfEmployed')}
        </label>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {PROFILE_TEXT_FIELDS.filter((field) => !isProfileListField(field)).map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`employer.field.${field}` as MessageKey)}
            defaultValue={employer[field] ?? ''}
            errorMessage={errorOf(field)}
            dir={LTR_FIELDS.has(field) ? 'ltr' : undefined}
            inputMode={
              field === 'phone' || field === 'cellphone' || field.endsWith('Id') || field.endsWith('Number')
                ? 'numeric'
                : undefined
            }
            isRequired={field === 'brand'}
          />
        ))}
        {/* Closed lists (docs/adr/023): picked from the list, submitted as ids. */}
        <ClosedListSelect
          list="employerTypes"
          name="employerType"
          label={t('employer.field.employerType')}
          defaultValue={employer.employerType}
          errorMessage={errorOf('employerType')}
        />
        <ClosedListSelect
          list="industries"
          name="industry"
          label={t('employer.field.industry')}
          defaultValue={employer.industry}
          errorMessage={errorOf('industry')}
        />
        <ClosedListSelect
          list="ownershipTypes"
          name="ownershipType"
          label={t('employer.field.ownershipType')}
          defaultValue={employer.ownershipType}
          errorMessage={errorOf('ownershipType')}
        />
        <ProvinceCityFields
          provinceLabel={t('employer.field.province')}
          cityLabel={t('employer.field.city')}
          defaultProvince={employer.province}
          defaultCity={employer.city}
          provinceError={errorOf('province')}
          cityError={errorOf('city')}
        />
        <Select
          name="numberOfEmployees"
          label={t('employer.field.numberOfEmployees')}
          placeholder={t('ui.select')}
          defaultValue={employer.numberOfEmployees ?? undefined}
          options={EMPLOYEE_COUNTS.map((id) => ({ id, label: localDigits(id, locale) }))}
        />
        <JalaliDateField
          name="establishmentDate"
          label={t('employer.field.establishmentDate')}
          defaultValue={employer.establishmentDate ?? undefined}
          errorMessage={errorOf('establishmentDate')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="employer-about" className="text-sm font-medium text-ink">
          {t('employer.field.about')}
        </label>
        <textarea
          id="employer-about"
          name="about"
          rows={5}
          maxLength={5000}
          defaultValue={employer.about ?? ''}
          className={`${inputClass} py-3`}
          aria-invalid={Boolean(errorOf('about')) || undefined}
        />
        {errorOf('about') && <p className="text-sm text-danger">{errorOf('about')}</p>}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="employer-benefits" className="text-sm font-medium text-ink">
          {t('employer.field.benefits')}
        </label>
        <textarea
          id="employer-benefits"
          name="benefits"
          rows={4}
          defaultValue={(employer.benefits ?? []).join('\n')}
          className={`${inputClass} py-3`}
          aria-describedby="employer-benefits-hint"
        />
        <p id="employer-benefits-hint" className="text-xs text-muted">
          {t('employer.form.benefitsHint')}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex items-center gap-3">
          {logo ? (
            <img
              src={logo}
              alt={t('dropdown.logoAlt')}
              width={64}
              height={64}
              className="size-16 rounded-xl object-cover"
            />
          ) : null}
          <div className="flex-1">
            <FileField
              label={t('employer.field.logo')}
              name="logo"
              category="LOGO"
              initial={employer.logo ? [employer.logo] : []}
              testId="upload-logo"
            />
          </div>
        </div>
        <FileField
          label={t('employer.field.officialGazette')}
          name="officialGazetteFileId"
          category="OFFICIAL_GAZETTE"
          initial={employer.officialGazetteFileId ? [employer.officialGazetteFileId] : []}
          testId="upload-gazette"
          viewableFor={employer.id}
        />
        <FileField
          label={t('employer.field.nationalCard')}
          name="nationalCardFileId"
          category="NATIONAL_CARD"
          initial={employer.nationalCardFileId ? [employer.nationalCardFileId] : []}
          testId="upload-national-card"
          viewableFor={employer.id}
        />
        <FileField
          label={t('employer.field.medicalDocuments')}
          name="medicalDocumentFileIds"
          category="MEDICAL_DOCUMENTS"
          initial={employer.medicalDocumentFileIds ?? []}
          multiple
          testId="upload-medical"
          viewableFor={employer.id}
        />
      </div>
      <div>
        <Button type="submit" isDisabled={saving} data-testid="save-employer-profile">
          {saving ? t('employer.form.saving') : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
