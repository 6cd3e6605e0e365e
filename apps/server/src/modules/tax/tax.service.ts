import type { TaxCalculateCommand, TaxCalculation } from '@tankha/contracts';
import { computeIncomeTax, roundToRupees, rupeesToPaise, type IncomeTaxResult, paiseToRupees } from '@tankha/domain';

/** Whole rupees on the wire; the engine works in paise. Display heads round half up to the rupee. */
const toRupees = (paise: number): number => paiseToRupees(roundToRupees(paise));

/**
 * The public calculator: declared amounts in, the engine applies the year's caps, regime
 * eligibility and the standard deduction. Pure computation, no tenant and no database.
 */
export class TaxService {
  calculate(command: TaxCalculateCommand): TaxCalculation {
    const d = command.deductions;
    const result: IncomeTaxResult = computeIncomeTax({
      financialYear: command.financialYear,
      regime: command.regimeType,
      ageBand: command.ageBand,
      grossSalaryPaise: rupeesToPaise(command.grossSalary),
      exemptionsPaise: rupeesToPaise(command.exemptions),
      professionalTaxPaise: rupeesToPaise(command.professionalTax),
      selfOccupiedInterestPaise: rupeesToPaise(d['24b']),
      otherIncome: { otherPaise: rupeesToPaise(command.otherIncome) },
      deductions: {
        sec80CPaise: rupeesToPaise(d['80C']),
        sec80D: rupeesToPaise(d['80D']),
        sec80CCD1BPaise: rupeesToPaise(d['80CCD1B']),
        sec80CCD2Paise: rupeesToPaise(d['80CCD2']),
      },
    });
    return {
      // s.288A already made these multiples of ten rupees; s.288B applies to the total only.
      taxableIncome: paiseToRupees(result.taxableIncomePaise),
      baseTax: toRupees(result.baseTaxPaise),
      rebate87A: toRupees(result.rebate87APaise),
      surcharge: toRupees(result.surchargePaise),
      cess: toRupees(result.cessPaise),
      totalTax: paiseToRupees(result.totalTaxPaise),
      lines: result.lines.map((line) => (line.amountPaise === undefined ? { code: line.code, text: line.text } : { code: line.code, text: line.text, amount: toRupees(line.amountPaise) })),
    };
  }
}
