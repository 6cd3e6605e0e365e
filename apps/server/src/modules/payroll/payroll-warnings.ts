import { BANK_HOLDING_WARNINGS, PAYROLL_WARNING_KINDS, type PayrollWarning, type PayrollWarningKind } from '@tankha/contracts';
import { REIMBURSEMENT_CODE, bankDetailsProblem, computeDeductionShare, normaliseIfsc, normaliseStatutoryNumber, statutoryNumberProblems, paiseToRupees, payslipPassword } from '@tankha/domain';

/**
 * The run's warnings for one employee, from their record as
 * it is now and, once processed, their payslip in the run:
 *  - before processing: no salary structure; bank details a bank would refuse (the bank file leaves
 *    the line out with the same reason); a missing or malformed PAN; a malformed UAN or ESI number;
 *  - after processing: EPF or ESI charged without a UAN or ESI number (EPFO and ESIC need them), and
 *    deductions over half of the wages (Code on Wages 2019 s.18(2)).
 */
export interface WarningFacts {
  userId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  noStructure: boolean;
  pan: string | null;
  uan: string | null;
  esiNumber: string | null;
  bankAccountNumber: string | null;
  ifscCode: string | null;
  dateOfBirth: string | null;
  /** The organisation protects payslip PDFs with the employee's password (PAN and date of birth). */
  protectsPayslips: boolean;
  /** The employee's payslip in this run, when processed. */
  payslip: {
    grossPaise: number;
    deductionsPaise: number;
    /** Σ of its reimbursement lines (not wages). */
    reimbursedPaise: number;
    /** EPF or ESI was charged (PF or ESI wages above zero). */
    epf: boolean;
    esi: boolean;
  } | null;
}

const HELD = 'its line is left out of the bank file until it is fixed';

export function employeeWarnings(f: WarningFacts, isKnownIfsc: (ifsc: string) => boolean): PayrollWarning {
  const found: { kind: PayrollWarningKind; message: string }[] = [];
  const add = (kind: PayrollWarningKind, message: string) => found.push({ kind, message });

  if (f.noStructure) add('noSalaryStructure', 'No salary structure: nothing is paid until an annual CTC is set');
  const ifsc = normaliseIfsc(f.ifscCode);
  switch (bankDetailsProblem({ accountNumber: f.bankAccountNumber, ifsc: f.ifscCode }, isKnownIfsc)) {
    case 'noBankAccount':
      add('noBankAccount', `No bank account number: ${HELD}`);
      break;
    case 'invalidBankAccount':
      add('invalidBankAccount', `The bank account number is not 9 to 18 digits: ${HELD}`);
      break;
    case 'noIfsc':
      add('noIfsc', `No IFSC: ${HELD}`);
      break;
    case 'invalidIfsc':
      add('invalidIfsc', `IFSC ${ifsc} is not 4 letters, 0 and 6 letters or digits: ${HELD}`);
      break;
    case 'unknownIfsc':
      add('unknownIfsc', `IFSC ${ifsc} is not a known bank branch: ${HELD}`);
      break;
    case null:
      break;
  }
  for (const problem of statutoryNumberProblems(f)) {
    if (problem === 'noPan') add('noPan', 'No PAN: Form 16 and the TDS return (Form 24Q) need it');
    else if (problem === 'invalidPan') add('invalidPan', `PAN ${normaliseStatutoryNumber(f.pan)} is not 5 letters, 4 digits and 1 letter`);
    else if (problem === 'invalidUan') add('invalidUan', `UAN ${normaliseStatutoryNumber(f.uan)} is not 12 digits: EPFO refuses the ECR line`);
    else add('invalidEsiNumber', `ESI number ${normaliseStatutoryNumber(f.esiNumber)} is not a 10-digit IP number: ESIC refuses the return line`);
  }

  if (f.protectsPayslips) {
    const password = payslipPassword(f.pan, f.dateOfBirth);
    if (!password.ok) {
      const missing = password.missing.map((m) => (m === 'pan' ? 'no PAN' : 'no date of birth')).join(' and ');
      add(
        'noPayslipPassword',
        `${missing.charAt(0).toUpperCase()}${missing.slice(1)}: the payslip PDF has no password, though the payroll settings protect payslips`,
      );
    }
  }

  let deductions: PayrollWarning['deductions'] = null;
  const slip = f.payslip;
  if (slip) {
    if (slip.epf && normaliseStatutoryNumber(f.uan) === '') add('noUan', 'No UAN: EPF is deducted this month, and the ECR leaves out a member without one');
    if (slip.esi && normaliseStatutoryNumber(f.esiNumber) === '') add('noEsiNumber', 'No ESI number: ESI is deducted this month, and the ESIC return needs the IP number');
    const share = computeDeductionShare({
      grossPaise: slip.grossPaise,
      deductionsPaise: slip.deductionsPaise,
      lines: slip.reimbursedPaise > 0 ? [{ section: 'earning', code: REIMBURSEMENT_CODE, amountPaise: slip.reimbursedPaise }] : [],
    });
    if (share.exceedsLimit) {
      add('deductionsOverHalf', share.explanation);
      deductions = { wages: paiseToRupees(share.wagesPaise), totalDeductions: paiseToRupees(share.deductionsPaise), percent: share.percent };
    }
  }

  // In the contract's order, as every list of them shows it.
  found.sort((a, b) => PAYROLL_WARNING_KINDS.indexOf(a.kind) - PAYROLL_WARNING_KINDS.indexOf(b.kind));
  return {
    userId: f.userId,
    name: `${f.firstName} ${f.lastName}`.trim(),
    employeeNumber: f.employeeNumber,
    warnings: found.map((w) => w.kind),
    messages: found.map((w) => w.message),
    bankLineHeld: found.some((w) => BANK_HOLDING_WARNINGS.includes(w.kind)),
    deductions,
  };
}
