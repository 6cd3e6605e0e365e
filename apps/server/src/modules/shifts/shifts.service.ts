import type { Db } from '../../db/client';

/** Placeholder: filled in by the attendance issue. */
export class ShiftService {
  constructor(readonly deps: { db: Db }) {}
}
