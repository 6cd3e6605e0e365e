import { describe } from 'vitest';
import { securitySuite } from './security.suite';

/** The security suite's malformed requests (c), slice 1 of 2 of the operations, on PGlite only (vitest.config.ts PGLITE_ONLY; security.suite.ts). */
describe('security: malformed requests to every operation, slice 1 of 2 (pglite)', () => {
  securitySuite('pglite', { tenancyAndRoles: false, malformed: { slice: 1, of: 2 } });
});
