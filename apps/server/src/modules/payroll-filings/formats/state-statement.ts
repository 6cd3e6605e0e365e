import { conflict } from '../../../platform/errors';
import type { FilingStatus, MonthFilings } from './filing-format';

/** A statement per state (Professional Tax, LWF): its rows, each with a note where one applies. */
interface StateStatement {
  rows: readonly { note?: string | null }[];
}

/** Available when some state has the levy in the month; its rows and noted rows counted across states. */
export function stateStatementStatus(states: readonly StateStatement[], none: string): FilingStatus {
  return {
    available: states.length > 0,
    reason: states.length > 0 ? null : none,
    rows: states.reduce((s, x) => s + x.rows.length, 0),
    errors: 0,
    warnings: states.reduce((s, x) => s + x.rows.filter((r) => r.note).length, 0),
  };
}

/** The statement's workbook under the organisation's name, refused when no state has the levy this month. */
export async function buildStateStatement<S extends StateStatement>(
  m: MonthFilings,
  states: readonly S[],
  none: string,
  workbook: (heading: { organisationName: string; month: string }, states: readonly S[]) => Promise<Buffer>,
  summary: (states: readonly S[]) => Record<string, unknown>,
): Promise<{ bytes: Buffer; summary: Record<string, unknown> }> {
  if (states.length === 0) throw conflict(none);
  const bytes = await workbook({ organisationName: await m.organisationName(), month: m.month }, states);
  return { bytes, summary: summary(states) };
}
