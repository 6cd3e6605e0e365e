import type { Envelope, ListEnvelope } from '@tankha/contracts';

/** The reply envelope of DESIGN §4. */
export function ok<T>(data: T, message = 'Success', statusCode = 200): Envelope<T> {
  return { statusCode, message, data };
}

export function okList<T>(data: T[], totalRecords: number, message = 'Success'): ListEnvelope<T> {
  return { statusCode: 200, message, data, totalRecords };
}
