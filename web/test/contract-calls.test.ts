// The web app calls every gateway path the contract knows through `api.call`, whose path,
// parameters, body and answer are the contract's generated types. The untyped `get`/`post`/
// `put`/`delete` remain for calls to services the gateway does not serve yet (they answer
// EXC_API_NOT_FOUND and the page shows nothing): once such a path enters the contract, this
// test names every untyped call to it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import document from '@darmankar/api-types/openapi.json' with { type: 'json' };

const APP = fileURLToPath(new URL('../app/', import.meta.url));
const PREFIX = '/api/v1';

/** Untyped calls by a literal path: `.get('/x')`, `.post<T>(\`/x/${id}\`)`; `${…}` reads as one segment. */
function untypedCalls(source: string): string[] {
  const calls = source.matchAll(/\.(?:get|post|put|delete)(?:<[^>()]*>)?\(\s*(['"`])(\/[^'"`]*)\1/g);
  return [...calls].map((match) => match[2]!.replace(/\$\{[^}]*\}/g, '{}').split('?')[0]!);
}

/**
 * Whether a called path (`/resumes/{}/jobs`) may be one of the contract's templates
 * (`/resumes/{id}/jobs`): segment by segment, a `{}` of the call or a `{name}` of the template
 * stands for any one segment.
 */
function inContract(called: string, templates: readonly string[][]): boolean {
  const segments = called.split('/');
  return templates.some(
    (template) =>
      template.length === segments.length &&
      template.every((part, index) => part.startsWith('{') || segments[index] === '{}' || segments[index] === part),
  );
}

const contractTemplates = Object.keys(document.paths)
  .filter((key) => key.startsWith(`${PREFIX}/`))
  .map((key) => key.slice(PREFIX.length).split('/'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test('the scanner finds untyped calls by literal and template paths, and matches them to contract templates', () => {
  assert.deepEqual(untypedCalls("api.get<Resume>('/resumes/by-current-user'); api.call('get', '/employers')"), [
    '/resumes/by-current-user',
  ]);
  assert.deepEqual(untypedCalls('api.delete(`/resumes/${encodeURIComponent(id)}/jobs/${itemId}?x=1`)'), [
    '/resumes/{}/jobs/{}',
  ]);
  assert.ok(inContract('/resumes/{}/jobs/{}', contractTemplates));
  assert.ok(inContract('/resumes/by-current-user', contractTemplates));
  assert.ok(inContract('/resumes/{}/{}', contractTemplates), 'a section named by a variable may be any of them');
  assert.ok(!inContract('/resumes/by-current-user/extra/more', contractTemplates));
  assert.ok(!inContract('/no-such-area/blog', contractTemplates));
});

test('no untyped call reaches a path of the contract', () => {
  const offenders = sourceFiles(APP).flatMap((file) =>
    untypedCalls(readFileSync(file, 'utf8'))
      .filter((called) => inContract(called, contractTemplates))
      .map((called) => `${path.relative(APP, file)}: ${called}`),
  );
  assert.deepEqual(offenders, [], 'use api.call(method, path template, …) for these');
});
