import { describe, expect, it } from 'vitest';
import { FILINGS_MSG, ledgerAccountsInputSchema, ledgerGroupOf, payrollFilingDownloadQuerySchema } from './payroll-filings.contract';

describe('ledger accounts input', () => {
  const row = (o: object) => ({ section: 'earning', code: 'BASIC', accountCode: '5001', accountName: 'Salaries', ...o });
  const issues = (accounts: object[]) => {
    const r = ledgerAccountsInputSchema.safeParse({ accounts });
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('takes a full row and a blank one (unmapped), trimmed', () => {
    const parsed = ledgerAccountsInputSchema.parse({ accounts: [row({ accountCode: ' 5001 ' }), row({ code: 'HRA', accountCode: '', accountName: '' })] });
    expect(parsed.accounts[0]?.accountCode).toBe('5001');
  });

  it('refuses half an account, a code a spreadsheet would run, a component twice and an unknown section', () => {
    expect(issues([row({ accountName: '' })])).toEqual([['accounts.0.accountName', FILINGS_MSG.accountBoth]]);
    expect(issues([row({ accountCode: '' })])).toEqual([['accounts.0.accountCode', FILINGS_MSG.accountBoth]]);
    expect(issues([row({ accountCode: '=1+1' })])).toEqual([['accounts.0.accountCode', FILINGS_MSG.accountCodeChars]]);
    expect(issues([row({}), row({ accountCode: '5002' })])).toEqual([['accounts.1.code', FILINGS_MSG.accountDuplicate]]);
    expect(issues([row({ section: 'bonus' })])[0]?.[0]).toBe('accounts.0.section');
  });
});

describe('filings', () => {
  it('validOnly is true only when asked', () => {
    expect(payrollFilingDownloadQuerySchema.parse({}).validOnly).toBe(false);
    expect(payrollFilingDownloadQuerySchema.parse({ validOnly: 'true' }).validOnly).toBe(true);
    expect(payrollFilingDownloadQuerySchema.safeParse({ validOnly: 'yes' }).success).toBe(false);
  });

  it('messages count in words', () => {
    expect(FILINGS_MSG.ecrHasErrors(1)).toBe('The ECR has 1 line EPFO would reject. Fix it, or download the valid lines only.');
    expect(FILINGS_MSG.esicHasErrors(2)).toBe('The ESIC file has 2 rows ESIC would reject. Fix them, or download the valid rows only.');
    expect(FILINGS_MSG.journalUnmapped(1)).toBe('1 component has no ledger account. Map it in Payroll Settings → Ledger accounts, then download the journal.');
    expect(FILINGS_MSG.journalUnmapped(3)).toBe('3 components have no ledger account. Map them in Payroll Settings → Ledger accounts, then download the journal.');
  });

  it('groups: statutory deductions and every employer line are statutory', () => {
    expect([ledgerGroupOf('deduction', 'TDS'), ledgerGroupOf('deduction', 'DED_x'), ledgerGroupOf('employer', 'EDLI'), ledgerGroupOf('total', 'NET_PAY'), ledgerGroupOf('earning', 'BASIC')]).toEqual([
      'Statutory',
      'Deductions',
      'Statutory',
      'Totals',
      'Earnings',
    ]);
    // An earlier month's loss of pay corrected here keeps its contribution's group.
    expect([ledgerGroupOf('deduction', 'LOP_EPF_EE'), ledgerGroupOf('deduction', 'LOP_ESI_EE'), ledgerGroupOf('employer', 'LOP_EPS_ER'), ledgerGroupOf('earning', 'LOP_RECOVERY')]).toEqual(['Statutory', 'Statutory', 'Statutory', 'Earnings']);
  });
});
