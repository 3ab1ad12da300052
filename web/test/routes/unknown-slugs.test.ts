// An address with an unknown resume or employer slug is the not-found page (404), as any unknown
// address is, not the server error page with the service's "create your resume first" or
// "employer not found".
import { renderApp, screen } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

let gateway: FakeGateway;
before(async () => {
  gateway = await startFakeGateway();
  gateway.routes.set('GET /resumes/by-slug/nobody', { status: 404, exc: ['EXC_RESUME_ID_IS_INVALID'] });
  gateway.routes.set('GET /employers/by-slug-with-seo/nobody', { status: 404, exc: ['EXC_EMPLOYERS_NOT_FOUND'] });
});
after(() => gateway.close());

for (const [path, code] of [
  ['/applicants/resumes/nobody', 'EXC_RESUME_ID_IS_INVALID'],
  ['/employers/nobody', 'EXC_EMPLOYERS_NOT_FOUND'],
  ['/en/employers/nobody', 'EXC_EMPLOYERS_NOT_FOUND'],
] as const) {
  test(`${path}: the not-found page`, async () => {
    await renderApp(path, { gatewayUrl: gateway.url });
    await screen.findByTestId('error-404');
    assert.equal(screen.queryByTestId('error-500'), null);
    assert.equal(
      screen.queryByText(excText(code, path.startsWith('/en/') ? 'en' : 'fa')),
      null,
      "the service's message is not shown",
    );
  });
}

test('another failure of the same call is still the server error page', async () => {
  gateway.routes.set('GET /employers/by-slug-with-seo/broken', { status: 500, exc: ['EXC_UNKNOWN'] });
  await renderApp('/employers/broken', { gatewayUrl: gateway.url });
  await screen.findByTestId('error-500');
});
