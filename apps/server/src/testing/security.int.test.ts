import { describe } from 'vitest';
import { BACKENDS } from './harness';
import { securitySuite } from './security.suite';

/** The security suite's fixture check, tenancy (a) and roles (b) on every database (security.suite.ts). */
describe.each(BACKENDS)('security: every operation of the OpenAPI document (%s)', (backend) => {
  securitySuite(backend, { tenancyAndRoles: true, malformed: null });
});
