import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { IFSC_PATTERN, normaliseIfsc } from '@tankha/domain';

/**
 * Whether an IFSC names a bank branch, from Razorpay's IFSC list as the `ifsc` npm package ships it
 * (src/IFSC.json: for each four-letter bank code, its branch codes — whole numbers for all-digit
 * branch codes, text otherwise). Offline: nothing is fetched, the list is read from the package on
 * first use and kept. Only the server holds it (about 1.7 MB): the web checks the format alone.
 *
 * The package's own entry point is not loaded: it requires an HTTP client at import time for its
 * online lookup, which this must never make, and its check reads a branch code such as "12AB34" as
 * the number 12. The list is updated with the package (`npm update ifsc`).
 */
type Branches = Record<string, readonly (number | string)[]>;

const require = createRequire(import.meta.url);
let directory: Map<string, ReadonlySet<string>> | undefined;

function load(): Map<string, ReadonlySet<string>> {
  const file = require.resolve('ifsc/src/IFSC.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${file}: not the IFSC list the ifsc package ships`);
  const out = new Map<string, ReadonlySet<string>>();
  for (const [bank, branches] of Object.entries(data as Branches)) {
    if (!Array.isArray(branches)) continue;
    // Six-character branch codes: 1753 is '001753'.
    out.set(bank, new Set(branches.map((b) => (typeof b === 'number' ? String(b).padStart(6, '0') : String(b).toUpperCase()))));
  }
  return out;
}

/** True when `ifsc` (any case, spaces ignored) is well formed and its bank has that branch. */
export function isKnownIfsc(ifsc: string): boolean {
  const code = normaliseIfsc(ifsc);
  if (!IFSC_PATTERN.test(code)) return false;
  directory ??= load();
  return directory.get(code.slice(0, 4))?.has(code.slice(5)) ?? false;
}
