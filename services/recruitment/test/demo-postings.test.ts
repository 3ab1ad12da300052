// The posting generator behind `make dev`'s demo postings and the search benchmark's 100,000:
// the same seed gives the same postings, and every value is one the posting rules accept
// (closed-list and suggestion ids, a city within its province, min below max, valid times).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closedListItem, isValid } from '@darmankar/platform/closed-lists';
import benefitData from '../data/benefits.json' with { type: 'json' };
import jobCategoryData from '../data/jobCategories.json' with { type: 'json' };
import languageData from '../data/languages.json' with { type: 'json' };
import fieldOfStudyData from '../data/fieldsOfStudy.json' with { type: 'json' };
import { loadSuggestionRows } from '../src/db/suggestion-data.ts';
import { generateEmployers, generatePostings, type GeneratedPosting } from '../src/demo/postings.ts';
import { parsePostingInput, suggestionIdsOf } from '../src/domain/posting-rules.ts';
import { ROLES } from '../src/demo/roles.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
const ids = (items: { id: string }[]) => new Set(items.map((item) => item.id));
const CATEGORIES = ids(jobCategoryData);
const BENEFITS = ids(benefitData);
const LANGUAGES = ids(languageData);
const FIELDS = ids(fieldOfStudyData);
const SHIFTS = new Set(['morning', 'evening', 'night', 'on-call', 'rotating']);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const employers = generateEmployers(200);
const sample = [...generatePostings({ count: 3000, employers, statuses: 'mixed', now: NOW })];

function problems(posting: GeneratedPosting): string[] {
  const f = posting.fields;
  const found: string[] = [];
  const check = (ok: boolean, what: string) => ok || found.push(what);
  check(/[\u0600-\u06FF]/.test(f.title) && f.title.length <= 100, `title ${f.title}`);
  check(/[\u0600-\u06FF]/.test(f.description) && f.description.length >= 100, 'description');
  check(CATEGORIES.has(f.jobCategory), `jobCategory ${f.jobCategory}`);
  check(isValid('employmentTypes', f.employmentType), `employmentType ${f.employmentType}`);
  check(isValid('workTypes', f.workType), `workType ${f.workType}`);
  check(isValid('provinces', f.province) && isValid('cities', f.city, f.province), `place ${f.province}/${f.city}`);
  check(isValid('organizationalLevels', f.organizationalLevel), `level ${f.organizationalLevel}`);
  check(isValid('facilityTypes', f.facilityType), `facility ${f.facilityType}`);
  check(
    f.medicalSpecialty === '' || isValid('medicalSpecialties', f.medicalSpecialty),
    `specialty ${f.medicalSpecialty}`,
  );
  check(['any', 'male', 'female'].includes(f.gender), `gender ${f.gender}`);
  check(f.minSalary !== undefined && f.maxSalary !== undefined && f.minSalary < f.maxSalary, 'salary min < max');
  check((f.minSalary ?? 0n) >= 100_000_000n && (f.maxSalary ?? 0n) <= 5_000_000_000n, 'salary in 1405 rials');
  check(f.minAge === undefined || (f.minAge >= 15 && f.maxAge! > f.minAge && f.maxAge! <= 65), 'age range');
  check(f.experienceYears === undefined || (f.experienceYears >= 0 && f.experienceYears <= 29), 'experience');
  check(
    f.benefits.every((id) => BENEFITS.has(id)),
    'benefits',
  );
  check(
    f.languages.every((language) => LANGUAGES.has(language.id)),
    'languages',
  );
  check(
    f.educations.every(
      (e) => isValid('degreeLevels', e.degreeLevel) && (e.fieldOfStudy === '' || FIELDS.has(e.fieldOfStudy)),
    ),
    'educations',
  );
  check(f.skills.length > 0 && f.skills.every((skill) => skill.name.length > 0), 'skills');
  check(f.shiftPatterns.length > 0 && f.shiftPatterns.every((shift) => SHIFTS.has(shift)), 'shifts');
  check(
    f.workingHours.every(
      (h) => h.weekday >= 0 && h.weekday <= 6 && TIME.test(h.from) && TIME.test(h.to) && h.to > h.from,
    ),
    'working hours',
  );
  check(new Set(f.workingHours.map((h) => h.weekday)).size === f.workingHours.length, 'one entry per weekday');
  const age = NOW.getTime() - posting.publishedAt.getTime();
  check(age >= 0 && age <= 30 * 86_400_000, 'published within 30 days');
  return found;
}

describe('the posting generator', () => {
  it('gives the same postings for the same seed, and others for another', () => {
    const again = [...generatePostings({ count: 3000, employers, statuses: 'mixed', now: NOW })];
    assert.deepEqual(again, sample);
    const other = [...generatePostings({ count: 50, employers, statuses: 'mixed', now: NOW, seed: 7 })];
    assert.notDeepEqual(
      other.map((p) => p.fields.title),
      sample.slice(0, 50).map((p) => p.fields.title),
    );
  });

  it('writes only values the posting rules accept', () => {
    const bad = sample
      .map((posting) => ({ id: posting.id, problems: problems(posting) }))
      .filter((p) => p.problems.length);
    assert.deepEqual(bad.slice(0, 5), []);
    assert.equal(new Set(sample.map((p) => p.id)).size, sample.length, 'ids are unique');
  });

  it("passes the service's posting rules as an employer's form would send it, stored as generated", async () => {
    const suggestions = suggestionIdsOf(await loadSuggestionRows());
    for (const posting of sample) {
      const stored = parsePostingInput(posting.fields, suggestions);
      assert.equal(stored.title, posting.fields.title);
      assert.equal(stored.description, posting.fields.description);
      assert.equal(stored.minSalary, posting.fields.minSalary);
      assert.equal(stored.salaryVisible, posting.fields.salaryVisible);
      assert.equal(stored.experienceYears, posting.fields.experienceYears ?? null);
      assert.deepEqual(stored.workingHours, posting.fields.workingHours);
    }
  });

  it('every job of the catalogue names real list items', () => {
    for (const role of ROLES) {
      assert.ok(CATEGORIES.has(role.category), role.category);
      for (const facility of role.facilities) assert.ok(isValid('facilityTypes', facility), facility);
      for (const specialty of [
        ...(role.specialties ?? []),
        ...(role.modifiers ?? []).flatMap(([, s]) => (s ? [s] : [])),
      ])
        assert.ok(isValid('medicalSpecialties', specialty), specialty);
      assert.ok(role.salary[0] < role.salary[1], `${role.titles[0]} salary range`);
    }
  });

  it('looks like a healthcare board: spread over jobs and cities, Tehran first, some salaries hidden', () => {
    const count = (key: (p: GeneratedPosting) => string) => {
      const counts = new Map<string, number>();
      for (const posting of sample) counts.set(key(posting), (counts.get(key(posting)) ?? 0) + 1);
      return [...counts.entries()].sort((a, b) => b[1] - a[1]);
    };
    const cities = count((p) => p.fields.city);
    assert.equal(cities[0]![0], 'tehran');
    assert.ok(cities.length >= 40, `${cities.length} cities`);
    assert.ok(count((p) => p.fields.jobCategory).length >= 20, 'most job categories appear');
    assert.ok(new Set(sample.map((p) => p.fields.title)).size >= 200, 'titles vary');
    const hidden = sample.filter((p) => !p.fields.salaryVisible).length / sample.length;
    assert.ok(hidden > 0.1 && hidden < 0.3, `hidden salaries ${hidden}`);
    const published = sample.filter((p) => p.status === 'published').length / sample.length;
    assert.ok(published > 0.85 && published < 0.95, `published ${published}`);
    const nurses = sample.filter((p) => p.fields.title.startsWith('پرستار بخش'));
    assert.ok(nurses.length > 50, `${nurses.length} ward nurses`);
    for (const nurse of nurses)
      assert.ok(nurse.fields.minSalary! >= 150_000_000n && nurse.fields.maxSalary! <= 600_000_000n);
  });

  it('keeps a pharmacy to pharmacy jobs and the office of one place to its city', () => {
    const pharmacy = {
      id: '00000000-0000-4000-8000-000000000001',
      slug: 'pharmacy',
      brand: 'داروخانه شبانه‌روزی سینا',
      facilityType: 'pharmacy',
      province: 'tehran',
      city: 'tehran',
    };
    const postings = [...generatePostings({ count: 200, employers: [pharmacy], now: NOW })];
    assert.ok(postings.every((p) => p.status === 'published' && p.fields.city === 'tehran'));
    const categories = new Set(postings.map((p) => p.fields.jobCategory));
    assert.ok(categories.has('pharmacy'));
    for (const category of categories) assert.ok(['pharmacy', 'reception', 'finance'].includes(category), category);
    assert.equal(closedListItem('facilityTypes', postings[0]!.fields.facilityType)?.title, 'داروخانه');
  });
});
