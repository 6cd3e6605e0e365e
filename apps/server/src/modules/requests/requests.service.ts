import type { Db } from '../../db/client';

/** Placeholder: filled in by the attendance issue. */
export class RequestService {
  constructor(readonly deps: { db: Db }) {}
}
