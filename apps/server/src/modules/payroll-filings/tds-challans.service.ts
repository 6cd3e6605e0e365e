import { TDS_CHALLAN_MSG, form24QYearStart, type Form24QQuery, type TdsChallan, type TdsChallanInput } from '@tankha/contracts';
import { dateInZone, paiseToRupees, quarterMonths, rupeesToPaise, challanTotalPaise, type TdsChallan as DomainChallan } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import * as repo from './tds-challans.repo';

/** The row as the domain's challan. */
export function challanOf(row: repo.ChallanRow): DomainChallan {
  return {
    id: row.id,
    bsrCode: row.bsrCode,
    depositedOn: row.depositedOn,
    serialNumber: row.serialNumber,
    minorHead: row.minorHead,
    taxPaise: row.taxPaise,
    surchargePaise: row.surchargePaise,
    cessPaise: row.cessPaise,
    interestPaise: row.interestPaise,
    feePaise: row.feePaise,
    othersPaise: row.othersPaise,
    months: row.months,
  };
}

function toWire(row: repo.ChallanRow): TdsChallan {
  return {
    id: row.id,
    bsrCode: row.bsrCode,
    depositedOn: row.depositedOn,
    serialNumber: row.serialNumber,
    minorHead: row.minorHead,
    tax: paiseToRupees(row.taxPaise),
    surcharge: paiseToRupees(row.surchargePaise),
    cess: paiseToRupees(row.cessPaise),
    interest: paiseToRupees(row.interestPaise),
    fee: paiseToRupees(row.feePaise),
    others: paiseToRupees(row.othersPaise),
    total: paiseToRupees(challanTotalPaise(challanOf(row))),
    months: row.months,
  };
}

/**
 * The TDS challans (ITNS 281) Form 24Q reports deductions under. Payroll admins list them with the
 * quarter's 24Q files; the Administrator records, corrects and deletes them.
 */
export class TdsChallansService {
  constructor(private readonly deps: { clock: Clock }) {}

  /** GET /TdsChallans: the challans depositing TDS of the quarter's months. */
  async list(scope: Scope, query: Form24QQuery): Promise<TdsChallan[]> {
    const months = quarterMonths(form24QYearStart(query.financialYear) ?? 0, query.quarter);
    return (await repo.findChallansOfMonths(scope.db, months)).map(toWire);
  }

  async create(scope: Scope, input: TdsChallanInput): Promise<TdsChallan> {
    const values = await this.valuesOf(scope, input);
    try {
      return toWire(await repo.insertChallan(scope.db, values, scope.ctx.userId, this.deps.clock.now()));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TDS_CHALLAN_MSG.duplicate);
      throw error;
    }
  }

  async update(scope: Scope, id: string, input: TdsChallanInput): Promise<TdsChallan> {
    if (!(await repo.findChallan(scope.db, id))) throw notFound(TDS_CHALLAN_MSG.notFound);
    const values = await this.valuesOf(scope, input);
    try {
      const row = await repo.updateChallan(scope.db, id, values, this.deps.clock.now());
      if (!row) throw notFound(TDS_CHALLAN_MSG.notFound);
      return toWire(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TDS_CHALLAN_MSG.duplicate);
      throw error;
    }
  }

  async remove(scope: Scope, id: string): Promise<void> {
    if (!(await repo.deleteChallan(scope.db, id))) throw notFound(TDS_CHALLAN_MSG.notFound);
  }

  /** The input in paise; a date of deposit after today (in the organisation's zone) is refused. */
  private async valuesOf(scope: Scope, input: TdsChallanInput): Promise<repo.ChallanValues> {
    const today = dateInZone(this.deps.clock.now(), await repo.findTimeZone(scope.db));
    if (input.depositedOn > today) throw fieldError('depositedOn', TDS_CHALLAN_MSG.depositedOnFuture);
    return {
      bsrCode: input.bsrCode,
      depositedOn: input.depositedOn,
      serialNumber: input.serialNumber,
      minorHead: input.minorHead,
      taxPaise: rupeesToPaise(input.tax),
      surchargePaise: rupeesToPaise(input.surcharge),
      cessPaise: rupeesToPaise(input.cess),
      interestPaise: rupeesToPaise(input.interest),
      feePaise: rupeesToPaise(input.fee),
      othersPaise: rupeesToPaise(input.others),
      months: input.months,
    };
  }
}
