// `make install`: dependencies exactly as package-lock.json pins them (see lib/install.mjs for
// why `npm install` stands in when `npm ci` refuses this registry's lock file).
import { ensureInstalled } from './lib/install.mjs';

const installed = await ensureInstalled();
console.log(installed ? 'dependencies installed' : 'dependencies already match package-lock.json');
