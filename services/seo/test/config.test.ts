// The configuration: defaults, and what production refuses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_BLOG_CONTENT_DIR, seoConfig } from '../src/config.ts';

test('defaults: the port, the shipped blog, five contact messages an hour, no profiles elsewhere', () => {
  const config = seoConfig({ DATABASE_URL: 'postgres://x/y' });
  assert.equal(config.GRPC_PORT, 50059);
  assert.equal(config.BLOG_CONTENT_DIR, DEFAULT_BLOG_CONTENT_DIR);
  assert.match(DEFAULT_BLOG_CONTENT_DIR, /services\/seo\/content\/blog$/);
  assert.equal(config.CONTACT_MESSAGES_PER_HOUR, 5);
  assert.deepEqual(config.ORGANIZATION_SAME_AS, []);
});

test('ORGANIZATION_SAME_AS is a comma-separated list of addresses', () => {
  const config = seoConfig({
    DATABASE_URL: 'postgres://x/y',
    ORGANIZATION_SAME_AS: ' https://a.example/x , https://b.example/y',
  });
  assert.deepEqual(config.ORGANIZATION_SAME_AS, ['https://a.example/x', 'https://b.example/y']);
  assert.throws(
    () => seoConfig({ DATABASE_URL: 'postgres://x/y', ORGANIZATION_SAME_AS: 'instagram' }),
    /ORGANIZATION_SAME_AS/,
  );
});

test('production needs the public site address', () => {
  assert.throws(
    () => seoConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', CALLER_ASSERTION_PUBLIC_KEY: 'x' }),
    /PUBLIC_WEB_URL/,
  );
});
