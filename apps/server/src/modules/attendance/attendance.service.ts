import type { Db } from '../../db/client';

/** Which employees and days to recompute; all active employees when userIds is absent. */
export interface RecomputeScope {
  userIds?: readonly string[];
  from: string;
  to: string;
}

/** Placeholder: filled in by the attendance issue. */
export class AttendanceService {
  constructor(readonly deps: { db: Db }) {}

  /** Recomputes the attendance days of a scope through the domain's attendance function. */
  async recompute(_tenantId: string, _scope: RecomputeScope): Promise<void> {}
}
