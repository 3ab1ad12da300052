// The personal information of a resume (spec §3, job seeker fields), with the picture.
import { excText } from '@darmankar/platform/errors/catalogue';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { codesForField } from '../../lib/resume/schemas.ts';
import { GENDERS, type PersonalInfo } from '../../lib/resume/types.ts';
import { ClosedListSelect, ProvinceCityFields } from '../ui/ClosedListSelect.tsx';
import { PictureField } from './Attachments.tsx';
import {
  CheckboxField,
  ChoiceField,
  FormGrid,
  JalaliDateField,
  SuggestField,
  TextAreaField,
  TextField,
} from './fields.tsx';

interface PersonalFormProps {
  resume: (Partial<PersonalInfo> & { id?: string; pic?: string | null }) | null;
  exc?: string[];
  backURL?: string | null;
  /** The buttons: the builder's "save and next", the edit page's "save". */
  actions: ReactNode;
  /** The form's own fetcher-free form, so the page navigates after saving when it should. */
  formTestId?: string;
}

export function PersonalForm({ resume, exc, backURL, actions, formTestId = 'personal-form' }: PersonalFormProps) {
  const t = useT();
  const locale = useLocale();
  const errors = (field: string) => {
    const own = codesForField(exc, field);
    return own.length > 0 ? own.map((code) => excText(code, locale)).join(' ') : undefined;
  };
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ id: value, label: t(`${prefix}.${value}` as MessageKey) }));
  return (
    <Form method="post" className="flex flex-col gap-5" data-testid={formTestId}>
      <input type="hidden" name="intent" value="personal" />
      {resume?.id && <input type="hidden" name="resumeId" value={resume.id} />}
      {backURL && <input type="hidden" name="backURL" value={backURL} />}
      <PictureField resumeId={resume?.id || null} pic={resume?.pic ?? null} gender={resume?.gender} />
      <FormGrid>
        <TextField
          label={t('resume.personal.firstName')}
          name="firstName"
          autoComplete="given-name"
          isRequired
          defaultValue={resume?.firstName ?? ''}
          errorMessage={errors('firstName')}
        />
        <TextField
          label={t('resume.personal.lastName')}
          name="lastName"
          autoComplete="family-name"
          isRequired
          defaultValue={resume?.lastName ?? ''}
          errorMessage={errors('lastName')}
        />
        <SuggestField
          label={t('resume.personal.jobTitle')}
          name="jobTitle"
          category="jobTitles"
          defaultValue={resume?.jobTitle}
          errorMessage={errors('jobTitle')}
        />
        <TextField
          label={t('resume.personal.email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          defaultValue={resume?.email ?? ''}
          errorMessage={errors('email')}
        />
        <TextField
          label={t('resume.personal.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          defaultValue={resume?.phone ?? ''}
          errorMessage={errors('phone')}
        />
        <JalaliDateField
          label={t('resume.personal.birthday')}
          name="birthday"
          defaultValue={resume?.birthday}
          errorMessage={errors('birthday')}
        />
        <ChoiceField
          label={t('resume.personal.gender')}
          name="gender"
          placeholder={t('resume.field.choose')}
          defaultValue={resume?.gender}
          options={options(GENDERS, 'resume.gender')}
          errorMessage={errors('gender')}
        />
        {/* Closed lists (docs/adr/023): picked from the list, submitted as ids. */}
        <ClosedListSelect
          list="maritalStatuses"
          name="maritalStatus"
          label={t('resume.personal.maritalStatus')}
          defaultValue={resume?.maritalStatus}
          errorMessage={errors('maritalStatus')}
        />
        <ClosedListSelect
          list="militaryServiceStatuses"
          name="militaryStatus"
          label={t('resume.personal.militaryStatus')}
          defaultValue={resume?.militaryStatus}
          errorMessage={errors('militaryStatus')}
        />
        <ProvinceCityFields
          provinceLabel={t('resume.personal.province')}
          cityLabel={t('resume.personal.city')}
          defaultProvince={resume?.province}
          defaultCity={resume?.city}
          provinceError={errors('province')}
          cityError={errors('city')}
        />
        <TextField
          label={t('resume.personal.url')}
          name="url"
          type="url"
          dir="ltr"
          defaultValue={resume?.url ?? ''}
          errorMessage={errors('url')}
        />
        <CheckboxField
          label={t('resume.personal.hasDisability')}
          name="hasDisability"
          defaultChecked={resume?.hasDisability}
        />
        <CheckboxField
          label={t('resume.personal.isForeigner')}
          name="isForeigner"
          defaultChecked={resume?.isForeigner}
        />
      </FormGrid>
      <TextAreaField
        label={t('resume.personal.about')}
        name="about"
        defaultValue={resume?.about}
        errorMessage={errors('about')}
        description={t('resume.personal.aboutHint')}
      />
      <div className="flex flex-wrap items-center gap-3">{actions}</div>
    </Form>
  );
}
