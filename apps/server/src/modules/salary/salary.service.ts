import type { Db } from '../../db/client';

/** Placeholder: filled in by the people issue. */
export class SalaryService {
  constructor(readonly deps: { db: Db }) {}
}
