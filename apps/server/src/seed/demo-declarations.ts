import { sql } from 'drizzle-orm';
import { DEFAULT_IT_REMINDER_BODY, DEFAULT_IT_REMINDER_SUBJECT } from '@tankha/contracts';
import { DEFAULT_TAX_REMINDER_DAYS, dateInZone, financialYearStartOf, lastDayOfMonth } from '@tankha/domain';
import { queryRows, type Db } from '../db/client';
import { taxDeclarationDeductions, taxDeclarationHomeLoans, taxDeclarationHouseRents, taxDeclarationLetOuts, taxDeclarations, taxWindowReminders, taxWindows } from '../db/schema';

/** The people the demo's own flows start from untouched (they declare for themselves in a walkthrough). */
const KEEP_PLAIN = ['anita.rao@', 'vikram.nair@', 'rahul.sharma@', 'aditi.agarwal@', 'priya.iyer@', 'arjun.mehta@'];

type Status = 0 | 1 | 3 | 4;
interface DemoDeclaration {
  status: Status;
  rent?: { monthly: number; metro: boolean; fromMonth?: number; landlord: string; pan: string | null };
  c80?: [number, number][];
  d80?: [number, number][];
  other?: [number, number][];
  homeLoan?: { principal: number; interest: number; lender: string };
  letOut?: { rent: number; municipal: number; interest: number };
  savingsInterest?: number;
}

/** Twelve declarations in every state: drafts, submitted, approved and on hold. Rupees. */
const PLAN: DemoDeclaration[] = [
  { status: 1, rent: { monthly: 25_000, metro: false, landlord: 'Suresh Gowda', pan: 'AKPPG4521L' }, c80: [[101, 100_000], [102, 30_000]] },
  { status: 1, rent: { monthly: 40_000, metro: true, landlord: 'Meera Kapoor', pan: 'BQZPK7788M' }, c80: [[103, 150_000]], d80: [[201, 25_000]] },
  { status: 4, homeLoan: { principal: 120_000, interest: 240_000, lender: 'HDFC Bank' }, c80: [[105, 30_000]], d80: [[203, 25_000]] },
  { status: 4, rent: { monthly: 18_000, metro: false, fromMonth: 7, landlord: 'Lakshmi Narayan', pan: 'CHLPN1290Q' }, c80: [[101, 50_000]] },
  { status: 3, c80: [[102, 80_000], [104, 40_000]], d80: [[202, 45_000]], other: [[301, 50_000]] },
  { status: 3, rent: { monthly: 30_000, metro: true, landlord: 'Farhan Sheikh', pan: 'DFSPS6543R' }, letOut: { rent: 240_000, municipal: 12_000, interest: 180_000 } },
  { status: 0, c80: [[101, 60_000]] },
  { status: 0, rent: { monthly: 15_000, metro: false, landlord: 'Geeta Rao', pan: null } },
  { status: 1, d80: [[201, 20_000], [205, 5_000]], savingsInterest: 12_000 },
  { status: 4, c80: [[107, 150_000]], other: [[302, 60_000]] },
  { status: 1, homeLoan: { principal: 90_000, interest: 310_000, lender: 'State Bank of India' } },
  { status: 0 },
];

/**
 * The demo's IT declarations: this financial year's declaration window released until the month's
 * last day, and twelve employees' declarations in different states. Each keeps the employee's
 * regime, so the demo's payslips (computed after this) show the declarations of the old-regime
 * employees in their TDS.
 */
export async function seedDemoDeclarations(db: Db, tenantId: string, now: Date): Promise<void> {
  const today = dateInZone(now, 'Asia/Kolkata');
  const year = financialYearStartOf(today);
  const [window] = await db
    .insert(taxWindows)
    .values({ tenantId, kind: 'declaration', financialYearStart: year, status: 1, releasedOn: today, releasedAt: now, lockDate: lastDayOfMonth(today), allowRegimeSwitch: true, enableReminderEmails: true })
    .returning({ id: taxWindows.id });
  if (!window) throw new Error('demo declaration window insert failed');
  // Payroll spec §4: the two default reminders (5 and 1 days before the lock date).
  await db.insert(taxWindowReminders).values(DEFAULT_TAX_REMINDER_DAYS.map((days) => ({ tenantId, windowId: window.id, daysBeforeLockDate: days, isEnabled: true, subject: DEFAULT_IT_REMINDER_SUBJECT, body: DEFAULT_IT_REMINDER_BODY })));
  const people = await queryRows<{ id: string; email: string; regime: number }>(
    db,
    sql`SELECT id, email, regime_type AS regime FROM users WHERE tenant_id = ${tenantId} AND annual_ctc_paise IS NOT NULL AND date_of_leaving IS NULL ORDER BY employee_number`,
  );
  const chosen = people.filter((p) => !KEEP_PLAIN.some((k) => p.email.startsWith(k))).slice(0, PLAN.length);
  const paise = (rupees: number) => rupees * 100;
  for (const [i, person] of chosen.entries()) {
    const plan = PLAN[i];
    if (!plan) break;
    const submitted = plan.status !== 0;
    const [row] = await db
      .insert(taxDeclarations)
      .values({
        tenantId,
        userId: person.id,
        financialYearStart: year,
        status: plan.status,
        regime: person.regime === 0 ? 0 : 1,
        isDraft: !submitted,
        isSubmitted: submitted,
        isRentedAccommodation: !!plan.rent,
        isLetOutProperty: !!plan.letOut,
        hasLoanOnSelfOccupiedHome: !!plan.homeLoan,
        interestFromSavingsPaise: paise(plan.savingsInterest ?? 0),
        submittedAt: submitted ? now : null,
        submittedBy: submitted ? person.id : null,
        statusChangedAt: plan.status >= 3 ? now : null,
      })
      .returning({ id: taxDeclarations.id });
    if (!row) throw new Error('demo declaration insert failed');
    const declarationId = row.id;
    if (plan.rent) {
      const from = plan.rent.fromMonth ?? 4;
      const months = from >= 4 ? 12 - from + 4 : 4 - from;
      const start = `${String(from >= 4 ? year : year + 1)}-${String(from).padStart(2, '0')}-01`;
      await db.insert(taxDeclarationHouseRents).values({
        tenantId,
        declarationId,
        rentalPeriodStart: start,
        rentalPeriodEnd: `${String(year + 1)}-03-31`,
        declaredAmountPaise: paise(plan.rent.monthly * months),
        address: `${String(10 + i)}, ${plan.rent.metro ? 'Anna Salai, Chennai' : 'HSR Layout, Bengaluru'}`,
        landlordName: plan.rent.landlord,
        landlordPan: plan.rent.pan,
        urbanizationType: plan.rent.metro ? 'Metro' : 'NonMetro',
      });
    }
    if (plan.homeLoan) {
      await db.insert(taxDeclarationHomeLoans).values({ tenantId, declarationId, principalPaidPaise: paise(plan.homeLoan.principal), interestPaidPaise: paise(plan.homeLoan.interest), lenderName: plan.homeLoan.lender });
    }
    if (plan.letOut) {
      const [p] = await db
        .insert(taxDeclarationLetOuts)
        .values({ tenantId, declarationId, hasHomeLoan: plan.letOut.interest > 0, annualRentReceivedPaise: paise(plan.letOut.rent), municipalTaxesPaidPaise: paise(plan.letOut.municipal) })
        .returning({ id: taxDeclarationLetOuts.id });
      if (p && plan.letOut.interest > 0) await db.insert(taxDeclarationHomeLoans).values({ tenantId, declarationId, letOutId: p.id, interestPaidPaise: paise(plan.letOut.interest), lenderName: 'ICICI Bank' });
    }
    const items = [...(plan.c80 ?? []).map((x) => [1, ...x] as const), ...(plan.d80 ?? []).map((x) => [2, ...x] as const), ...(plan.other ?? []).map((x) => [3, ...x] as const)];
    if (items.length > 0) {
      await db.insert(taxDeclarationDeductions).values(items.map(([categoryId, itemId, amount], seq) => ({ tenantId, declarationId, seq, categoryId, deductionItemId: itemId, declaredAmountPaise: paise(amount) })));
    }
  }
}
