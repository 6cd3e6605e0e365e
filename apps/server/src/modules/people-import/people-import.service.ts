import type { Db } from '../../db/client';

/** Placeholder: filled in by the people issue. */
export class PeopleImportService {
  constructor(readonly deps: { db: Db }) {}
}
