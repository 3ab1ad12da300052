// The public profile's page metadata through the real service: the contract's PageMeta with
// the Organization and BreadcrumbList JSON-LD, only public fields in it, the logo as an
// absolute preview image, and a description from the about text or the brand and place.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { testClock } from '@darmankar/platform/testing';
import type { EmployerFields } from '@darmankar/proto/employer/v1/employer_pb';
import { newUser, rejectsWith, startTestEmployer, type TestEmployer } from './helpers.ts';

const clock = testClock(Date.UTC(2026, 2, 20, 8, 0, 0));
let service: TestEmployer;

before(async () => {
  service = await startTestEmployer(clock);
});
after(async () => {
  await service.stop();
});

type Fields = Partial<Omit<EmployerFields, '$typeName'>>;
async function employerWith(brand: string, fields: Fields) {
  const owner = newUser();
  const created = (await service.client.createEmployer({ brand, isSelfEmployed: false }, { userId: owner })).employer!;
  await service.client.updateEmployer(
    { employerId: created.id, isSelfEmployed: false, fields: { brand, ...fields } },
    { userId: owner },
  );
  return created;
}

interface Node {
  '@type': string;
  [key: string]: unknown;
}

test('a full profile: title, description from about (≤160), canonical path, robots, Organization and breadcrumbs', async () => {
  const about = `بیمارستان ما   با ۲۰۰ تخت\nدر خدمت بیماران است. ${'خدمات درمانی شبانه‌روزی. '.repeat(12)}`;
  const created = await employerWith('بیمارستان <نمونه>', {
    registeredName: 'شرکت بیمارستان نمونه',
    province: 'khorasan-razavi',
    city: 'mashhad',
    address: 'خیابان امام رضا، پلاک ۱۲',
    phone: '۰۵۱-۳۸۰۰۰۰۰۰',
    cellphone: '09121234567',
    nationalId: '10380284790',
    website: 'https://hospital.example.ir',
    about,
  });
  await service.db.employer.update({ where: { id: created.id }, data: { logo: 'logo-file-1' } });

  const answer = await service.client.getPublicEmployerWithSeo({ slug: created.slug });
  assert.equal(answer.employer!.slug, created.slug);
  const seo = answer.seo!;
  const path = `/employers/${encodeURIComponent(created.slug)}`;
  assert.equal(seo.title, 'بیمارستان <نمونه> | درمانکار');
  assert.equal(seo.canonicalPath, path);
  assert.equal([...seo.description].length, 160);
  assert.ok(seo.description.startsWith('بیمارستان ما با ۲۰۰ تخت در خدمت'), 'spaces and line breaks as one space');
  assert.ok(seo.description.endsWith('…'));
  assert.deepEqual([seo.robots, seo.ogType], ['index, follow', 'website']);
  assert.equal(seo.imageUrl, 'https://darmankar.test/api/v1/files/logo-file-1?width=256');

  assert.ok(!seo.jsonLd.includes('<'), 'no "<" to close the script element early');
  const ld = JSON.parse(seo.jsonLd) as { '@context': string; '@graph': Node[] };
  assert.equal(ld['@context'], 'https://schema.org');
  assert.deepEqual(
    ld['@graph'].map((node) => node['@type']),
    ['Organization', 'BreadcrumbList'],
  );
  const [organization, trail] = ld['@graph'] as [Node, Node];
  assert.deepEqual(
    { ...organization, description: undefined },
    {
      '@type': 'Organization',
      name: 'بیمارستان <نمونه>',
      legalName: 'شرکت بیمارستان نمونه',
      url: `https://darmankar.test${path}`,
      logo: seo.imageUrl,
      description: undefined,
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'خیابان امام رضا، پلاک ۱۲',
        addressLocality: 'مشهد',
        addressRegion: 'خراسان رضوی',
        addressCountry: 'IR',
      },
      telephone: '05138000000',
      sameAs: ['https://hospital.example.ir'],
    },
  );
  assert.equal(organization.description, seo.description);
  const json = JSON.stringify(organization);
  assert.ok(!json.includes('09121234567') && !json.includes('10380284790'), 'no private field');
  assert.deepEqual(
    (trail.itemListElement as Array<{ position: number; name: string; item: string }>).map((item) => [
      item.position,
      item.name,
      item.item,
    ]),
    [
      [1, 'خانه', 'https://darmankar.test/'],
      [2, 'شرکت‌ها و مراکز درمانی', 'https://darmankar.test/applicants/companies'],
      [3, 'بیمارستان <نمونه>', `https://darmankar.test${path}`],
    ],
  );
});

test('a bare profile: the description names the brand and place; no logo, address, phone or website in it', async () => {
  const created = await employerWith('درمانگاه ساده', { province: 'fars', city: 'shiraz' });
  const seo = (await service.client.getPublicEmployerWithSeo({ slug: created.slug })).seo!;
  assert.equal(seo.description, 'درمانگاه ساده در شیراز، فارس: فرصت‌های شغلی و معرفی در درمانکار');
  assert.equal(seo.imageUrl, '');
  const [organization] = (JSON.parse(seo.jsonLd) as { '@graph': Node[] })['@graph'] as [Node];
  assert.deepEqual(Object.keys(organization).sort(), ['@type', 'address', 'name', 'url']);
  assert.deepEqual(organization.address, {
    '@type': 'PostalAddress',
    addressLocality: 'شیراز',
    addressRegion: 'فارس',
    addressCountry: 'IR',
  });

  const nowhere = await employerWith('مطب دکتر', {});
  const bare = (await service.client.getPublicEmployerWithSeo({ slug: nowhere.slug })).seo!;
  assert.equal(bare.description, 'مطب دکتر: فرصت‌های شغلی و معرفی در درمانکار');
  const [alone] = (JSON.parse(bare.jsonLd) as { '@graph': Node[] })['@graph'] as [Node];
  assert.equal(alone.address, undefined);
});

test('an unknown slug is EXC_EMPLOYERS_NOT_FOUND', async () => {
  await rejectsWith(service.client.getPublicEmployerWithSeo({ slug: 'no-such-employer' }), 'EXC_EMPLOYERS_NOT_FOUND');
});
