import type { UnitOfWork } from '../unit-of-work';

/**
 * What a module's manifest registers its jobs with: the unit of work's job definitions only. A module
 * never opens a transaction itself (DESIGN §9); its handlers receive the scope the platform opened.
 */
export type JobDefinitions = Pick<UnitOfWork, 'defineTenantJob' | 'defineSteppedTenantJob' | 'defineGlobalJob'>;
