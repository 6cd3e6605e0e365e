import type { Db } from '../../db/client';

/** Placeholder: filled in by the attendance issue. */
export class NotificationService {
  constructor(readonly deps: { db: Db }) {}
}
