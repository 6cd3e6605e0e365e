import { paiseToRupees } from '@tankha/domain';
import { FILINGS_MSG as MSG } from '@tankha/contracts';
import { buildPtXlsx } from '../filings-xlsx';
import { CONTENT_TYPES, fileMonth, type FilingFormat } from './filing-format';
import { buildStateStatement, stateStatementStatus } from './state-statement';

export const ptFileName = (month: string): string => `Professional-Tax-${fileMonth(month)}.xlsx`;

/** Professional tax by state and slab, for the state returns. */
export const professionalTaxFormat: FilingFormat = {
  id: 'pt',
  reportKind: 'pt',
  label: 'Professional Tax statement',
  description: 'Professional tax by state and slab, Excel',
  units: { one: 'employee', many: 'employees' },
  check: false,
  status: async (m) => stateStatementStatus(m.pt(), MSG.ptNone(m.month)),
  files: [
    {
      format: 'XLSX',
      path: 'professional-tax.xlsx',
      contentType: CONTENT_TYPES.xlsx,
      fileName: ptFileName,
      build: async (m) =>
        buildStateStatement(m, m.pt(), MSG.ptNone(m.month), buildPtXlsx, (states) => ({
          employees: states.reduce((s, x) => s + x.totals.employees, 0),
          total: paiseToRupees(states.reduce((s, x) => s + x.totals.ptPaise, 0)),
          states: states.map((x) => ({ state: x.stateName, registrationNumber: x.registrationNumber, employees: x.totals.employees, total: paiseToRupees(x.totals.ptPaise) })),
        })),
    },
  ],
};
