import { FILINGS_MSG as MSG } from '@tankha/contracts';
import { refuseUnfileable } from './checked-file';
import { CONTENT_TYPES, fileMonth, type FilingFormat } from './filing-format';

export const ecrFileName = (month: string): string => `ECR-${fileMonth(month)}.txt`;

/** EPFO's electronic challan-cum-return (ECR 2.0): checked line by line before the download. */
export const ecrFormat: FilingFormat = {
  id: 'ecr',
  reportKind: 'ecr',
  label: 'EPF ECR',
  description: 'EPFO electronic challan-cum-return (ECR 2.0), text file',
  units: { one: 'member', many: 'members' },
  check: true,
  status: async (m) => {
    const ecr = m.ecr();
    return {
      available: ecr.lines.length > 0,
      reason: ecr.lines.length > 0 ? null : MSG.ecrNone,
      rows: ecr.lines.length,
      errors: ecr.errors.length,
      warnings: ecr.warnings.length,
    };
  },
  files: [
    {
      format: 'TXT',
      path: 'ecr.txt',
      contentType: CONTENT_TYPES.text,
      fileName: ecrFileName,
      validOnly: true,
      build: async (m, { validOnly }) => {
        const ecr = m.ecr();
        const excluded = ecr.lines.filter((l) => l.rejected).length;
        refuseUnfileable({ lines: ecr.lines.length, rejected: excluded, valid: ecr.totals.members, errors: ecr.errors }, validOnly, {
          none: MSG.ecrNone,
          hasErrors: MSG.ecrHasErrors,
          nothingValid: MSG.ecrNothingValid,
        });
        return {
          bytes: Buffer.from(ecr.validText, 'ascii'),
          summary: {
            employees: ecr.totals.members,
            excluded,
            epfWages: ecr.totals.epfWages,
            employeeShare: ecr.totals.employeeShare,
            epsShare: ecr.totals.epsShare,
            employerShare: ecr.totals.employerShare,
          },
        };
      },
    },
  ],
};
