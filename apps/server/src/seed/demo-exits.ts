import { DEFAULT_WEEK_DAYS_OFF, WEEK_DAYS, addDaysToDate, computeProposedLastWorkingDay, dateInZone } from '@tankha/domain';
import type { Db } from '../db/client';
import { exitRequests } from '../db/schema';

/**
 * The demo's exit requests (docs/decisions/0143-exit-requests.md): one resignation waiting for its
 * manager (an engineer reporting to Rahul, the demo manager), and one approved in Sales whose last
 * working day is ahead, so the payroll's Exit page lists it as awaiting its full and final settlement.
 * Aditi (the demo member) has none, so the browser test can resign as her.
 */
export async function seedDemoExits(tx: Db, tenantId: string, now: Date, people: { pendingUserId: string | undefined; approvedUserId: string | undefined; approverId: string | undefined }): Promise<void> {
  const today = dateInZone(now, 'Asia/Kolkata');
  const calendar = { weeklyOffDays: DEFAULT_WEEK_DAYS_OFF.map((d) => WEEK_DAYS.indexOf(d)), holidays: [] };
  const rows = [];
  if (people.pendingUserId) {
    const resignationDate = addDaysToDate(today, -3);
    const proposed = computeProposedLastWorkingDay(resignationDate, 60, calendar);
    rows.push({ tenantId, userId: people.pendingUserId, status: 'pending', reason: 'Moving to Pune to be closer to family.', resignationDate, noticePeriodDays: 60, proposedLastWorkingDay: proposed, requestedLastWorkingDay: proposed, createdAt: now, updatedAt: now });
  }
  if (people.approvedUserId) {
    const resignationDate = addDaysToDate(today, -40);
    const proposed = computeProposedLastWorkingDay(resignationDate, 60, calendar);
    rows.push({
      tenantId,
      userId: people.approvedUserId,
      status: 'approved',
      reason: 'Higher studies (MBA) starting next term.',
      resignationDate,
      noticePeriodDays: 60,
      proposedLastWorkingDay: proposed,
      requestedLastWorkingDay: proposed,
      lastWorkingDay: proposed,
      decidedBy: people.approverId ?? null,
      decidedAt: now,
      decisionRemarks: 'All the best for the MBA.',
      createdAt: now,
      updatedAt: now,
    });
  }
  if (rows.length > 0) await tx.insert(exitRequests).values(rows);
}
