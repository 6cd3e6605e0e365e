import type { Db } from '../../db/client';

/** Placeholder: filled in by the people issue. */
export class DocumentService {
  constructor(readonly deps: { db: Db }) {}
}
