import type { Db } from '../../db/client';

/** Placeholder: filled in by the attendance issue. */
export class LeaveService {
  constructor(readonly deps: { db: Db }) {}
}
