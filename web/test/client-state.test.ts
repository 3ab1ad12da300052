import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseClientData, readCookie } from '../app/lib/client-data.ts';
import { CookieJar } from '../app/lib/cookie-jar.ts';
import { codesFromQuery, describeRouteError, errorPageKind, planToasts } from '../app/lib/errors.ts';
import { navItemsFor } from '../app/lib/nav.ts';
import type { Resume } from '../app/lib/resume/types.ts';
import { clientTypeFor, headerVariantFor, latestJobTitle, LOGGED_OUT, resumeSummary } from '../app/lib/viewer.ts';
import { ApiError } from '../app/lib/api.ts';
import { viewerWithEmployers } from './support/viewer.ts';

const b64 = (value: string) => Buffer.from(value).toString('base64');

test('client data cookie: base64 JSON merged over defaults, anything odd means logged out', () => {
  assert.deepEqual(parseClientData(b64('{"isLoggedIn":true}')), { isLoggedIn: true });
  assert.deepEqual(parseClientData(encodeURIComponent(b64('{"isLoggedIn":true,"x":1}'))), {
    isLoggedIn: true,
    x: 1,
  } as never);
  assert.deepEqual(parseClientData(b64('{}')), { isLoggedIn: false });
  assert.deepEqual(parseClientData(b64('{"isLoggedIn":"yes"}')), { isLoggedIn: false });
  assert.deepEqual(parseClientData(b64('[1]')), { isLoggedIn: false });
  assert.deepEqual(parseClientData('%%%not-base64'), { isLoggedIn: false });
  assert.deepEqual(parseClientData(undefined), { isLoggedIn: false });
  assert.equal(readCookie('a=1; cd=abc==; b=2', 'cd'), 'abc==');
});

test('cookie jar sends the browser cookies and follows Set-Cookie, removals included', () => {
  const jar = new CookieJar('at=old; rt=r1; cd=x');
  jar.absorb(['at=new; Path=/; HttpOnly', 'rt=; Max-Age=0; Path=/', 'cdv=No-Version; Max-Age=31536000']);
  assert.equal(jar.header(), 'at=new; cd=x; cdv=No-Version');
  assert.equal(jar.setCookies.length, 3);
  jar.absorb(['cd=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  assert.equal(jar.get('cd'), undefined);
});

test('one toast per code, with the §8 action links', () => {
  const plans = planToasts(
    [
      'EXC_RESUME_ID_IS_INVALID',
      'EXC_AUTHENTICATION_REQUIRED',
      'EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET',
      'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
      'EXC_BAD_REQUEST',
    ],
    { currentPath: '/applicants/recruitments?page=2', employerSlug: 'sina' },
  );
  assert.deepEqual(
    plans.map((p) => p.action?.href ?? null),
    [
      '/applicants/resumes/add/personal?backURL=%2Fapplicants%2Frecruitments%3Fpage%3D2',
      '/login?backURL=%2Fapplicants%2Frecruitments%3Fpage%3D2',
      '/employers/add/sina',
      '/employers/sina/pricing',
      null,
    ],
  );
  assert.deepEqual(planToasts([], { currentPath: '/' }), [{ code: 'EXC_UNKNOWN' }]);
});

test('a stranger to an employer refused with 403 gets the 403 page in words, not the 500 page', () => {
  assert.equal(errorPageKind(['EXC_AUTHORIZATION_FORBIDDEN'], 403), 'forbidden');
  assert.equal(describeRouteError(new ApiError(['EXC_AUTHORIZATION_FORBIDDEN'], 403)).kind, 'forbidden');
});

test('page-level errors: 403 for agent access, login modal for the public limit, else 500; 404 stays 404', () => {
  assert.equal(errorPageKind(['EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'], 403), 'forbidden');
  assert.equal(errorPageKind(['EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED'], 401), 'loginLimit');
  assert.equal(errorPageKind(['EXC_BAD_REQUEST'], 400), 'server');
  assert.equal(errorPageKind([], 404), 'notFound');
  assert.deepEqual(describeRouteError(new Error('boom')), { kind: 'server', status: 500, codes: ['EXC_UNKNOWN'] });
  assert.equal(describeRouteError(new ApiError(['EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'], 403)).kind, 'forbidden');
  assert.deepEqual(codesFromQuery('EXC_A,EXC_B, nonsense'), ['EXC_A', 'EXC_B']);
  assert.deepEqual(codesFromQuery(null), ['EXC_UNKNOWN']);
});

test('navbar: employer items only when the URL employer is the user’s; my opportunities only when logged in', () => {
  const viewer = viewerWithEmployers('sina');
  assert.equal(clientTypeFor(viewer, 'sina'), 'employers');
  assert.equal(clientTypeFor(viewer, 'other'), 'applicants');
  assert.equal(headerVariantFor(LOGGED_OUT, undefined, '/employers'), 'employers');
  assert.equal(headerVariantFor(LOGGED_OUT, undefined, '/en/about-us'), 'applicants');
  assert.deepEqual(
    navItemsFor('employers', viewer, 'sina').map((i) => i.id),
    ['ads', 'new-ad', 'profile', 'pricing', 'orders', 'wallet'],
  );
  assert.deepEqual(
    navItemsFor('applicants', LOGGED_OUT, undefined).map((i) => i.id),
    ['jobs', 'resume-maker', 'companies', 'blog'],
  );
  const mine = navItemsFor('applicants', viewer, undefined).find((i) => i.id === 'my-jobs');
  assert.equal(mine?.url, null);
  assert.equal(
    latestJobTitle([
      { jobTitle: 'پرستار', startDate: '2020-01-01' },
      { jobTitle: 'سرپرستار', startDate: '2023-05-01' },
    ]),
    'سرپرستار',
  );
  assert.equal(latestJobTitle([]), null);
});

test('the header gets a summary of the resume, not the whole of it', () => {
  const job = {
    id: 'j',
    companyName: 'درمانگاه مهر',
    industry: null,
    employmentType: null,
    province: null,
    city: null,
    currentlyEmployed: false,
    description: 'شرح',
    endDate: null,
  };
  const resume: Resume = {
    id: 'r1',
    slug: 'sara-ahmadi',
    firstName: 'سارا',
    lastName: 'احمدی',
    email: 'sara@example.com',
    phone: null,
    birthday: '1990-01-01',
    gender: 'female',
    maritalStatus: null,
    militaryStatus: null,
    hasDisability: false,
    isForeigner: false,
    province: null,
    city: null,
    url: null,
    jobTitle: null,
    about: 'دربارهٔ من',
    pic: 'p1',
    fileId: null,
    customFileName: null,
    educations: [],
    skills: [],
    certificates: [],
    publications: [],
    languages: [],
    jobs: [
      { ...job, jobTitle: 'پرستار', startDate: '2020-01-01' },
      { ...job, jobTitle: 'سرپرستار', startDate: '2023-05-01' },
    ],
    completeness: {
      score: 40,
      sections: {
        personal: true,
        picture: true,
        educations: false,
        jobs: true,
        skills: false,
        certificates: false,
        publications: false,
        languages: false,
        custom: false,
      },
    },
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  assert.deepEqual(resumeSummary(resume), {
    slug: 'sara-ahmadi',
    pic: 'p1',
    gender: 'female',
    firstName: 'سارا',
    lastName: 'احمدی',
    jobTitle: 'سرپرستار',
  });
});
