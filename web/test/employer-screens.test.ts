// The employer screens' pure rules: the step reorder the drag and drop saves, which field an
// EXC_EMPLOYERS_<FIELD>_<RULE> code belongs to, the profile form's body, and which employer the
// header and the settings screens work on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reorder } from '../app/components/employer/StepsEditor.tsx';
import { profileBody } from '../app/lib/employer/profile.server.ts';
import { codeForField, fieldCodePart } from '../app/lib/employer/types.ts';
import { headerVariantFor, selectedEmployerSlugFor } from '../app/lib/viewer.ts';
import { en } from '../app/i18n/en.ts';
import { fa } from '../app/i18n/fa.ts';
import { viewerWithEmployers } from './support/viewer.ts';

test('reorder moves the dragged steps before or after the target, keeping the rest in order', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  assert.deepEqual(reorder(ids, new Set(['d']), 'b', 'before'), ['a', 'd', 'b', 'c', 'e']);
  assert.deepEqual(reorder(ids, new Set(['a']), 'c', 'after'), ['b', 'c', 'a', 'd', 'e']);
  assert.deepEqual(reorder(ids, new Set(['b', 'd']), 'e', 'after'), ['a', 'c', 'e', 'b', 'd']);
  assert.deepEqual(reorder(ids, new Set(['b']), 'gone', 'before'), ids);
});

test('a code names its field: nationalId ↔ EXC_EMPLOYERS_NATIONAL_ID_…, not a longer field with the same start', () => {
  assert.equal(fieldCodePart('medicalRegistrationNumber'), 'MEDICAL_REGISTRATION_NUMBER');
  const codes = ['EXC_EMPLOYERS_BRAND_IS_TOO_LONG', 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID'];
  assert.equal(codeForField(codes, 'nationalId'), 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  assert.equal(codeForField(codes, 'brand'), 'EXC_EMPLOYERS_BRAND_IS_TOO_LONG');
  assert.equal(codeForField(codes, 'website'), undefined);
  assert.equal(codeForField(['EXC_EMPLOYERS_REGISTRATION_NUMBER_IS_INVALID'], 'registeredName'), undefined);
});

test('the profile form becomes the contract body: empty fields null, benefits one per line, every medical document', () => {
  const form = new FormData();
  form.set('brand', '  درمانگاه مهر ');
  form.set('registeredName', '');
  form.set('nationalId', '۱۰۱۰۰۳۸۷۱۳۶');
  form.set('establishmentDate', '2019-03-21');
  form.set('benefits', 'بیمهٔ تکمیلی\n\n  سرویس رفت‌وآمد \n');
  form.append('medicalDocumentFileIds', 'f1');
  form.append('medicalDocumentFileIds', 'f2');
  form.set('logo', 'logo-1');
  const body = profileBody(form);
  assert.equal(body.brand, 'درمانگاه مهر');
  assert.equal(body.registeredName, null);
  assert.equal(body.nationalId, '۱۰۱۰۰۳۸۷۱۳۶');
  assert.equal(body.establishmentDate, '2019-03-21');
  assert.deepEqual(body.benefits, ['بیمهٔ تکمیلی', 'سرویس رفت‌وآمد']);
  assert.deepEqual(body.medicalDocumentFileIds, ['f1', 'f2']);
  assert.equal(body.logo, 'logo-1');
  assert.equal(body.website, null);
  assert.equal(body.officialGazetteFileId, null);
});

test('the selected employer: the URL slug; on the settings screens ?employer= when it is the viewer’s, else the first', () => {
  const viewer = viewerWithEmployers('mehr', 'sina');
  assert.equal(selectedEmployerSlugFor(viewer, 'sina', '/employers/sina/edit', ''), 'sina');
  assert.equal(selectedEmployerSlugFor(viewer, undefined, '/settings/agent', '?employer=sina'), 'sina');
  assert.equal(
    selectedEmployerSlugFor(viewer, undefined, '/en/settings/hiring-customization', '?employer=other'),
    'mehr',
  );
  assert.equal(selectedEmployerSlugFor(viewer, undefined, '/applicants/companies', '?employer=sina'), undefined);
  assert.equal(selectedEmployerSlugFor({ ...viewer, employers: [] }, undefined, '/settings/agent', ''), undefined);
  assert.equal(headerVariantFor(viewer, undefined, '/employers/add'), 'employers');
  assert.equal(headerVariantFor(viewer, undefined, '/employers'), 'employers');
  assert.equal(headerVariantFor(viewer, 'other', '/employers/other'), 'applicants');
  assert.equal(headerVariantFor(viewer, 'sina', '/employers/sina'), 'employers');
});

test('every employer string exists in both catalogues, non-empty', () => {
  const keys = Object.keys(fa).filter((key) => key.startsWith('employer.'));
  assert.ok(keys.length > 100);
  for (const key of keys) {
    assert.ok((fa as Record<string, string>)[key]?.trim(), key);
    assert.ok((en as Record<string, string>)[key]?.trim(), key);
  }
});
