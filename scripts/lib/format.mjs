// The formatter's scope: the project's code. Generated code, data, documents and charts are
// left out by .prettierignore. `make format` writes; `make test` checks.
import path from 'node:path';
import { REPO_ROOT } from './run.mjs';

export const PRETTIER = path.join(REPO_ROOT, 'node_modules/prettier/bin/prettier.cjs');

export const FORMATTED_FILES = ['**/*.{ts,tsx,mjs,cjs,js}'];
