import { sql } from 'drizzle-orm';
import { addDaysToDate, addMonthsToMonth, dateInZone, mulDivPaise } from '@tankha/domain';
import { queryRows, type Db } from '../db/client';
import { tdsChallans } from '../db/schema';

/**
 * The demo organisation deposits each finalized month's TDS as a real one does: one challan (ITNS 281,
 * minor head 200) by the 7th of the following month (Income-tax Rules rule 30(1)(b)(i)), its amount the
 * month's TDS split into income tax and the 4% health and education cess (Finance Act s.2(11)) the
 * payslips' TDS includes. A month whose deposit day is still to come has no challan yet, as in life.
 * The BSR code is a made-up bank branch; serial numbers run from 00101.
 */
export async function seedDemoChallans(db: Db, tenantId: string, now: Date, timeZone = 'Asia/Kolkata'): Promise<void> {
  const today = dateInZone(now, timeZone);
  const months = await queryRows<{ month: string; tds: string | null }>(db, sql`
    SELECT r.month, sum(l.amount_paise)::text AS tds
      FROM payroll_runs r
      JOIN payslips p ON p.run_id = r.id
      JOIN payslip_lines l ON l.payslip_id = p.id AND l.code = 'TDS'
     WHERE r.tenant_id = ${tenantId} AND r.status IN ('finalized', 'paid')
     GROUP BY r.month ORDER BY r.month`);
  let serial = 101;
  for (const { month, tds } of months) {
    const total = Number(tds ?? 0);
    const depositedOn = addDaysToDate(`${addMonthsToMonth(month, 1)}-01`, 6);
    if (total <= 0 || depositedOn > today) continue;
    const cessPaise = mulDivPaise(total, 4, 104);
    await db.insert(tdsChallans).values({
      tenantId,
      bsrCode: '0510308',
      depositedOn,
      serialNumber: String(serial).padStart(5, '0'),
      minorHead: '200',
      taxPaise: total - cessPaise,
      surchargePaise: 0,
      cessPaise,
      interestPaise: 0,
      feePaise: 0,
      othersPaise: 0,
      months: [month],
    });
    serial += 1;
  }
}
