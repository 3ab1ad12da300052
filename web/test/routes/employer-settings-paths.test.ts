// Spec §2: the agent and hiring-customisation screens live under the employer's settings,
// `/employers/{employerSlug}/settings/agent` and `/settings/hiring-customization`; the old root
// paths send the browser there.
import './support/dom.ts';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RouterContextProvider } from 'react-router';
import routeConfig from '../../app/routes.ts';
import { createServerApi, provideServerApi } from '../../app/lib/api.server.ts';
import { loader as agentRedirect } from '../../app/routes/employer/settings-agent-redirect.ts';
import { loader as hiringRedirect } from '../../app/routes/employer/settings-hiring-redirect.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;

interface ConfigEntry {
  file: string;
  path?: string;
  children?: ConfigEntry[];
}

test('the routes: both screens under /employers/:employerSlug/settings/', () => {
  const pages = (routeConfig as ConfigEntry[]).flatMap((entry) => entry.children ?? []);
  const fileOf = (path: string) => pages.find((page) => page.path === path)?.file;
  assert.equal(fileOf('employers/:employerSlug/settings/agent'), 'routes/employer/agents.tsx');
  assert.equal(fileOf('employers/:employerSlug/settings/hiring-customization'), 'routes/employer/hiring.tsx');
  assert.notEqual(fileOf('settings/agent'), 'routes/employer/agents.tsx');
  assert.notEqual(fileOf('settings/hiring-customization'), 'routes/employer/hiring.tsx');
});

describe('the old root paths redirect', () => {
  let gateway: FakeGateway;
  before(async () => {
    gateway = await startFakeGateway();
    gateway.routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  });
  after(() => gateway.close());

  async function locationOf(
    run: (args: never) => Promise<unknown>,
    url: string,
    cookie?: string,
  ): Promise<{ status: number; location: string | null }> {
    const request = new Request(new URL(url, 'http://localhost:3000'), { headers: cookie ? { cookie } : {} });
    const context = new RouterContextProvider();
    provideServerApi(context, createServerApi(request, gateway.url));
    const locale = new URL(request.url).pathname.startsWith('/en/') ? 'en' : undefined;
    try {
      await run({ request, context, params: { locale } } as never);
    } catch (thrown) {
      assert.ok(thrown instanceof Response, `a redirect, not ${String(thrown)}`);
      return { status: thrown.status, location: thrown.headers.get('location') };
    }
    assert.fail('the old path must redirect');
  }

  const employers = (slugs: string[]) => ({
    body: { items: slugs.map((slug, i) => ({ id: `e${i}`, slug, brand: slug, isProfileCompleted: true })) },
  });

  test('to the employer the query names, keeping the rest of the query', async () => {
    gateway.routes.set('GET /employers', employers(['sina', 'mehr']));
    assert.deepEqual(
      await locationOf(hiringRedirect, '/settings/hiring-customization?employer=mehr&template=t1', LOGGED_IN),
      {
        status: 302,
        location: '/employers/mehr/settings/hiring-customization?template=t1',
      },
    );
    assert.deepEqual(await locationOf(agentRedirect, '/en/settings/agent?employer=sina', LOGGED_IN), {
      status: 302,
      location: '/en/employers/sina/settings/agent',
    });
  });

  test("to the viewer's first employer when the query names none of theirs", async () => {
    gateway.routes.set('GET /employers', employers(['sina', 'mehr']));
    assert.deepEqual(await locationOf(agentRedirect, '/settings/agent?employer=stranger', LOGGED_IN), {
      status: 302,
      location: '/employers/sina/settings/agent',
    });
  });

  test('to /employers for someone with no employer, and to login (back here) when logged out', async () => {
    gateway.routes.set('GET /employers', employers([]));
    assert.deepEqual(await locationOf(hiringRedirect, '/settings/hiring-customization', LOGGED_IN), {
      status: 302,
      location: '/employers',
    });
    assert.deepEqual(await locationOf(agentRedirect, '/settings/agent?employer=sina'), {
      status: 302,
      location: `/login?backURL=${encodeURIComponent('/settings/agent?employer=sina')}`,
    });
  });
});
