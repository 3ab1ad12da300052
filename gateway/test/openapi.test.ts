// The /api/v1 OpenAPI document is the public contract: it must be a valid OpenAPI 3.1
// document, pass Redocly's recommended rules without a warning, and say what the gateway
// does (session schemes, every declared error under its status, unique operation ids).
// Runs offline: the OpenAPI schema ships inside the validator, Redocly's rules inside its core.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createConfig, getTotals, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { EXC_CATALOGUE, type ExcCode } from '@darmankar/platform/errors/catalogue';
import { apiV1Group, openApiDocument } from '../src/document.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const document = openApiDocument() as Json;

function operations(doc: Json): { path: string; method: string; operation: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as Json })),
  );
}

async function validate(doc: Json) {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  return { ...result, version: validator.version };
}

async function lint(doc: Json): Promise<NormalizedProblem[]> {
  // The paths are the product's (spec §7): `resumes/by-slug/{slug}` beside `resumes/{id}/jobs`
  // and the like overlap only in a pattern; the literal route is mounted first and wins.
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-ambiguous-paths': 'off' } });
  return lintFromString({ source: JSON.stringify(doc, null, 2), absoluteRef: 'openapi.json', config });
}

function describeProblems(problems: NormalizedProblem[]): string {
  return problems
    .map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`,
    )
    .join('\n');
}

describe('the /api/v1 OpenAPI document', () => {
  test('is valid against the official OpenAPI 3.1 schema', async () => {
    assert.equal(document.openapi, '3.1.0');
    const result = await validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(result.version, '3.1');

    // The validator does refuse a broken document: a response without its description.
    const broken = structuredClone(document);
    const responses = operations(broken)[0]!.operation.responses as Json;
    delete responses[Object.keys(responses)[0]!].description;
    assert.equal((await validate(broken)).valid, false);
  });

  test('passes Redocly’s recommended rules with no error and no warning', async () => {
    const problems = await lint(document);
    assert.deepEqual(getTotals(problems), { errors: 0, warnings: 0, ignored: 0 }, describeProblems(problems));

    // The lint does see problems: an undescribed tag and an operation without a summary.
    const broken = structuredClone(document);
    delete broken.tags[0].description;
    delete operations(broken)[0]!.operation.summary;
    const found = new Set((await lint(broken)).map((problem) => problem.ruleId));
    assert.ok(found.has('tag-description') && found.has('operation-summary'), [...found].join(', '));
  });

  test('declares the cookie session and the bearer token, and each operation says which it takes', () => {
    const schemes = document.components.securitySchemes as Json;
    assert.deepEqual(
      schemes.accessCookie && {
        type: schemes.accessCookie.type,
        in: schemes.accessCookie.in,
        name: schemes.accessCookie.name,
      },
      { type: 'apiKey', in: 'cookie', name: 'at' },
    );
    assert.equal(schemes.bearer?.scheme, 'bearer');

    const group = apiV1Group();
    for (const route of group.routes) {
      for (const method of route.methods) {
        const operation = document.paths[`${group.prefix}${route.path}`.replace(/:(\w+)/g, '{$1}')]?.[method] as
          Json | undefined;
        assert.ok(operation, `${method} ${route.path} is in the document`);
        const schemes = (operation.security as Json[])
          .map((requirement) => Object.keys(requirement).join('') || 'anonymous')
          .sort();
        const expected = {
          required: ['accessCookie', 'bearer'],
          optional: ['accessCookie', 'anonymous', 'bearer'],
          none: [],
        }[route.session];
        assert.deepEqual(schemes, expected, `${method} ${route.path} (session ${route.session})`);
      }
    }
  });

  test('every operation lists its 4xx answers, each declared exc code under its catalogue status', () => {
    const group = apiV1Group();
    let checked = 0;
    for (const route of group.routes) {
      const declared = new Set<ExcCode>([...route.errors, ...group.commonErrors]);
      for (const method of route.methods) {
        const name = `${method} ${route.path}`;
        const responses = document.paths[`${group.prefix}${route.path}`.replace(/:(\w+)/g, '{$1}')][method]
          .responses as Json;
        const documented = new Map<string, string>();
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) < 400) continue;
          assert.equal(response.headers?.exc?.$ref, '#/components/headers/exc', `${name} ${status} has the exc header`);
          for (const code of Object.keys(response.content['application/json'].examples ?? {})) {
            documented.set(code, status);
            assert.match(response.description, new RegExp(`\`${code}\``), `${name} ${status} names ${code}`);
          }
        }
        assert.ok(
          [...documented.values()].some((status) => status.startsWith('4')),
          `${name} has a 4xx answer`,
        );
        assert.deepEqual(
          [...documented.keys()].sort(),
          [...declared].sort(),
          `${name}: documented codes are the declared ones`,
        );
        for (const [code, status] of documented)
          assert.equal(Number(status), EXC_CATALOGUE[code as ExcCode].status, `${name}: ${code} under its status`);
        checked += 1;
      }
    }
    assert.equal(checked, operations(document).length, 'every operation of the document comes from a declared route');
  });

  test('operation ids are present and unique', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId as string);
    assert.ok(ids.length > 0);
    assert.ok(
      ids.every((id) => typeof id === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(id)),
      ids.join(', '),
    );
    assert.equal(
      new Set(ids).size,
      ids.length,
      `duplicates: ${ids.filter((id, i) => ids.indexOf(id) !== i).join(', ')}`,
    );
  });

  test('tags are declared at the top level, each with a description', () => {
    const declared = new Map(
      (document.tags as Json[]).map((tag) => [tag.name as string, tag.description as string | undefined]),
    );
    for (const { path, method, operation } of operations(document)) {
      for (const tag of operation.tags as string[]) {
        assert.ok(declared.get(tag), `${method} ${path}: tag ${tag} is declared with a description`);
      }
    }
  });
});
