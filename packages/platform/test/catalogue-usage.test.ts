// Every code of the error catalogue is one a person or an API client can receive: some service,
// the gateway or the platform throws or declares it. A code declared and never used (a second
// name for a rule that already has one) would sit in the catalogue, the translations and the
// documentation as a promise nothing keeps. Read from the sources' syntax, not their text: a
// code only a comment mentions does not count. A code a template composes
// (`EXC_RESUMES_${field}_${rule}`) counts when its pieces are string literals of the same file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import ts from 'typescript';
import { EXC_CATALOGUE } from '../src/errors/catalogue.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CATALOGUE = path.join(ROOT, 'packages/platform/src/errors/catalogue.ts');

/**
 * Codes of parts not built yet, named by the spec (§5, §6, §8) and already handled by the web
 * app: none now that hiring throws its codes. A code added here leaves the list when its part
 * throws it; the second test says so.
 */
const RESERVED_FOR_PLANNED_PARTS: Record<string, string> = {};

function sourceFiles(): string[] {
  const roots = [
    ...readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(ROOT, 'services', entry.name, 'src')),
    path.join(ROOT, 'gateway/src'),
    path.join(ROOT, 'packages/platform/src'),
  ];
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && full !== CATALOGUE) files.push(full);
    }
  };
  roots.forEach(walk);
  return files;
}

interface FileCodes {
  /** Codes written out whole: string literals and identifiers. */
  exact: Set<string>;
  /** Templates that compose a code: their fixed pieces in order, and the file's upper-case string literals. */
  templates: string[][];
  literals: Set<string>;
}

function codesIn(text: string, fileName: string): FileCodes {
  const found: FileCodes = { exact: new Set(), templates: [], literals: new Set() };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) {
      const value = node.text;
      if (value.startsWith('EXC_')) found.exact.add(value);
      if (!ts.isIdentifier(node) && /^[A-Z0-9_]+$/.test(value)) found.literals.add(value);
    } else if (ts.isTemplateExpression(node) && node.head.text.startsWith('EXC_')) {
      found.templates.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(
    ts.createSourceFile(
      fileName,
      text,
      ts.ScriptTarget.Latest,
      false,
      fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    ),
  );
  return found;
}

/** Whether `code` is `pieces[0] + L1 + pieces[1] + L2 + …` with each L a literal of the file. */
function composes(code: string, pieces: string[], literals: Set<string>): boolean {
  const [fixed, ...rest] = pieces;
  if (!code.startsWith(fixed!)) return false;
  const remainder = code.slice(fixed!.length);
  if (rest.length === 0) return remainder === '';
  for (const literal of literals)
    if (remainder.startsWith(literal) && composes(remainder.slice(literal.length), rest, literals)) return true;
  return false;
}

function unusedCodes(files: Array<{ name: string; text: string }>): string[] {
  const scanned = files.map(({ name, text }) => codesIn(text, name));
  return Object.keys(EXC_CATALOGUE).filter(
    (code) =>
      !scanned.some(
        (file) => file.exact.has(code) || file.templates.some((pieces) => composes(code, pieces, file.literals)),
      ),
  );
}

const files = sourceFiles().map((name) => ({ name, text: readFileSync(name, 'utf8') }));

test('every catalogue code is thrown or declared by a service, the gateway or the platform', () => {
  assert.ok(files.length > 100, `${files.length} source files read`);
  const unused = unusedCodes(files).filter((code) => !(code in RESERVED_FOR_PLANNED_PARTS));
  assert.deepEqual(
    unused,
    [],
    'codes in the catalogue that nothing throws or declares: use them, or remove them from the catalogue',
  );
});

test('a code kept for a planned part is in the catalogue and still unused (else it leaves the list)', () => {
  const unused = new Set(unusedCodes(files));
  for (const code of Object.keys(RESERVED_FOR_PLANNED_PARTS)) {
    assert.ok(code in EXC_CATALOGUE, `${code} is in the catalogue`);
    assert.ok(unused.has(code), `${code} is used now: take it off RESERVED_FOR_PLANNED_PARTS`);
  }
});

test('the check sees what it must: comments do not count, composed codes need their pieces', () => {
  const code = 'EXC_RESUMES_FIRST_NAME_IS_REQUIRED';
  const only = (text: string) => unusedCodes([{ name: 'probe.ts', text }]).includes(code);
  assert.equal(only(`// ${code} is answered elsewhere\n/* ${code} */`), true, 'a comment is no use');
  assert.equal(only(`throw new DomainError('${code}');`), false, 'a string literal is');
  assert.equal(only(`const codes = { ${code}: 1 };`), false, 'an identifier is');
  assert.equal(
    only("const f = (field: string, rule: string) => `EXC_RESUMES_${field}_${rule}`; f('FIRST_NAME', 'IS_REQUIRED');"),
    false,
    'a template with its pieces is',
  );
  assert.equal(
    only("const f = (field: string, rule: string) => `EXC_RESUMES_${field}_${rule}`; f('LAST_NAME', 'IS_REQUIRED');"),
    true,
    'a template without them is not',
  );
});
