import { paiseToRupees } from '@tankha/domain';
import { FILINGS_MSG as MSG } from '@tankha/contracts';
import { buildEsicXlsx } from '../filings-xlsx';
import { refuseUnfileable } from './checked-file';
import { CONTENT_TYPES, fileMonth, type FilingFormat } from './filing-format';

export const esicFileName = (month: string): string => `ESIC-Contribution-${fileMonth(month)}.xlsx`;

/** ESIC's monthly contribution upload (its Excel template): checked row by row before the download. */
export const esicFormat: FilingFormat = {
  id: 'esic',
  reportKind: 'esic',
  label: 'ESIC contribution',
  description: 'ESIC monthly contribution upload, Excel',
  units: { one: 'insured person', many: 'insured persons' },
  check: true,
  status: async (m) => {
    const esic = await m.esic();
    return {
      available: esic.rows.length > 0,
      reason: esic.rows.length > 0 ? null : MSG.esicNone,
      rows: esic.rows.length,
      errors: esic.errors.length,
      warnings: esic.warnings.length,
    };
  },
  files: [
    {
      format: 'XLSX',
      path: 'esic.xlsx',
      contentType: CONTENT_TYPES.xlsx,
      fileName: esicFileName,
      validOnly: true,
      build: async (m, { validOnly }) => {
        const esic = await m.esic();
        const valid = esic.rows.filter((r) => !r.rejected);
        refuseUnfileable({ lines: esic.rows.length, rejected: esic.rows.length - valid.length, valid: valid.length, errors: esic.errors }, validOnly, {
          none: MSG.esicNone,
          hasErrors: MSG.esicHasErrors,
          nothingValid: MSG.esicNothingValid,
        });
        return {
          bytes: await buildEsicXlsx(valid),
          summary: { employees: valid.length, excluded: esic.rows.length - valid.length, wages: paiseToRupees(esic.totals.wagesPaise) },
        };
      },
    },
  ],
};
