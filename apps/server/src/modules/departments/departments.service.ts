import type { Db } from '../../db/client';

/** Placeholder: filled in by the people issue. */
export class DepartmentService {
  constructor(readonly deps: { db: Db }) {}
}
