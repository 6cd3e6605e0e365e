import { paiseToRupees } from '@tankha/domain';
import { FILINGS_MSG as MSG } from '@tankha/contracts';
import { buildLwfXlsx } from '../filings-xlsx';
import { CONTENT_TYPES, fileMonth, type FilingFormat } from './filing-format';
import { buildStateStatement, stateStatementStatus } from './state-statement';

export const lwfFileName = (month: string): string => `LWF-${fileMonth(month)}.xlsx`;

/** Labour Welfare Fund for the states where it falls due in the month. */
export const lwfFormat: FilingFormat = {
  id: 'lwf',
  reportKind: 'lwf',
  label: 'LWF statement',
  description: 'Labour Welfare Fund for the states where it falls due, Excel',
  units: { one: 'employee', many: 'employees' },
  check: false,
  status: async (m) => stateStatementStatus(m.lwf(), MSG.lwfNotDue(m.month)),
  files: [
    {
      format: 'XLSX',
      path: 'lwf.xlsx',
      contentType: CONTENT_TYPES.xlsx,
      fileName: lwfFileName,
      build: async (m) =>
        buildStateStatement(m, m.lwf(), MSG.lwfNotDue(m.month), buildLwfXlsx, (states) => ({
          employees: states.reduce((s, x) => s + x.totals.employees, 0),
          employeeShare: paiseToRupees(states.reduce((s, x) => s + x.totals.employeePaise, 0)),
          employerShare: paiseToRupees(states.reduce((s, x) => s + x.totals.employerPaise, 0)),
          states: states.map((x) => x.stateName),
        })),
    },
  ],
};
