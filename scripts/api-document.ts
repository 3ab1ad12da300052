// Writes the gateway's /api/v1 OpenAPI document to the file named on the command line (the
// committed packages/api-types/openapi.json), so the web app's types are generated from the
// contract the gateway publishes and a contract change shows up as a reviewable diff.
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../gateway/src/document.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: node --import tsx scripts/api-document.ts <output.json>');
  process.exit(2);
}
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
