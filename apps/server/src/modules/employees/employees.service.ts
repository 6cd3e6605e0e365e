import type { Db } from '../../db/client';

/** Placeholder: filled in by the people issue. */
export class EmployeeService {
  constructor(readonly deps: { db: Db }) {}
}
