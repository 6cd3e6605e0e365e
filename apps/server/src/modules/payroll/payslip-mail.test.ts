import { describe, expect, it } from 'vitest';
import { payslipFileName, payslipMail } from './payslip-mail';

const input = {
  firstName: 'Priya',
  organisationName: 'Acme Software Private Limited',
  month: '2026-11',
  appUrl: 'https://tankha.example.in',
  pdfStorageKey: 'payslips/tenant-1/2026-11/payslip-1.pdf',
};

describe('payslip e-mail', () => {
  it('says the month, links to the payslips page and attaches the PDF from the file store', () => {
    const mail = payslipMail(input);
    expect(mail.subject).toBe('Your payslip for November 2026 is ready');
    expect(mail.text).toContain('Hello Priya,');
    expect(mail.text).toContain('Your payslip for November 2026 from Acme Software Private Limited is ready.');
    expect(mail.text).toContain('View your payslips: https://tankha.example.in/payroll/payslips');
    expect(mail.html).toContain('href="https://tankha.example.in/payroll/payslips"');
    expect(mail.html).toContain('View payslips');
    expect(mail.attachments).toEqual([
      { filename: 'Payslip-November-2026.pdf', contentType: 'application/pdf', storageKey: 'payslips/tenant-1/2026-11/payslip-1.pdf' },
    ]);
    expect(mail.text).not.toContain('on hold');
  });

  it('tells an employee whose payout is held', () => {
    const mail = payslipMail({ ...input, payoutOnHold: true });
    expect(mail.text).toContain('Your salary payout for November 2026 is on hold. It will be paid when your organisation releases the hold.');
    expect(mail.html).toContain('is on hold');
  });

  it('tells an employee whose held salary was paid, with the payslip as it now reads', () => {
    const mail = payslipMail({ ...input, heldPayPaidOn: '2027-01-07' });
    expect(mail.subject).toBe('Your held salary for November 2026 has been paid');
    expect(mail.text).toContain('Your salary for November 2026 from Acme Software Private Limited, which was on hold, was paid on 07 Jan 2027.');
    expect(mail.text).toContain('now says when it was held, released and paid');
    expect(mail.attachments).toEqual([{ filename: 'Payslip-November-2026.pdf', contentType: 'application/pdf', storageKey: input.pdfStorageKey }]);
  });

  it('escapes names in the HTML', () => {
    const mail = payslipMail({ ...input, firstName: '<img src=x onerror=alert(1)>', organisationName: 'Tom & "Jerry" <Pvt> Ltd' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<Pvt>');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('from Tom &amp; &quot;Jerry&quot; &lt;Pvt&gt; Ltd is ready');
    // The plain-text part is text: it carries the name as written.
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('tells the password’s pattern with a made-up example when the PDF is protected, and says nothing of one otherwise', () => {
    const line =
      'The PDF is protected with a password: the first five letters of your PAN in capitals followed by your date of birth as DDMM (for example ABCDE0108 for PAN ABCDE1234F and a birthday on 1 August).';
    expect(payslipMail({ ...input, passwordProtected: true }).text).toContain(line);
    expect(payslipMail({ ...input, passwordProtected: true }).html).toContain('the first five letters of your PAN');
    expect(payslipMail({ ...input, passwordProtected: true, heldPayPaidOn: '2026-12-05' }).text).toContain(line);
    expect(payslipMail(input).text).not.toContain('password');
  });

  it('names the file after the month', () => {
    expect(payslipFileName('2027-01')).toBe('Payslip-January-2027.pdf');
  });
});
