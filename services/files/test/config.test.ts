// Production refuses the development link secret and needs its object storage configured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@darmankar/platform/config';
import { filesConfig } from '../src/config.ts';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/darmankar_files',
  CALLER_ASSERTION_PUBLIC_KEY: generateKeyPairSync('ed25519')
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
  S3_ENDPOINT: 'https://s3.example.ir',
  S3_BUCKET: 'darmankar-files',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  FILE_LINK_SECRET: 'a-production-secret-of-enough-length-0123',
};

function problems(env: Record<string, string>): string[] {
  try {
    filesConfig(env);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

test('development defaults: a folder under .data/files and a development link secret', () => {
  const config = filesConfig({ DATABASE_URL: 'postgres://db/x' });
  assert.equal(config.FILES_STORAGE, 'folder');
  assert.match(config.FILES_DIR, /[/\\]\.data[/\\]files$/);
  assert.equal(config.IMAGE_QUALITY, 75);
  assert.equal(config.GRPC_PORT, 50052);
});

test('production stores in S3 and needs its own link secret', () => {
  const config = filesConfig(production);
  assert.equal(config.FILES_STORAGE, 's3');
  const { FILE_LINK_SECRET: _secret, S3_BUCKET: _bucket, ...missing } = production;
  const found = problems(missing);
  assert.ok(
    found.some((p) => p.startsWith('FILE_LINK_SECRET: required in production')),
    found.join('; '),
  );
  assert.ok(
    found.some((p) => p.startsWith('S3_BUCKET: required')),
    found.join('; '),
  );
  const development = problems({ ...production, FILE_LINK_SECRET: 'darmankar-development-file-link-secret' });
  assert.ok(
    development.some((p) => p.includes('development value is public')),
    development.join('; '),
  );
});
