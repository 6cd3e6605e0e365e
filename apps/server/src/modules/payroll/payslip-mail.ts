import { layout } from '../../platform/mail/templates';
import type { OutgoingMail } from '../../platform/mail/mail.service';
import { PAYSLIP_PASSWORD_EXAMPLE, PAYSLIP_PASSWORD_PATTERN, formatDisplayDate } from '@tankha/domain';
import { monthLabel } from './payroll-format';

export interface PayslipMailInput {
  firstName: string;
  organisationName: string;
  /** 'YYYY-MM'. */
  month: string;
  /** The app's public address (config.appUrl), without a trailing slash. */
  appUrl: string;
  /** Where the rendered PDF is in the file store (files.storage_key of the payslip document). */
  pdfStorageKey: string;
  /** The attached PDF opens only with the employee's password: the mail says how it is made (never the password). */
  passwordProtected?: boolean;
  /** The month's payout is held (payroll-rules §1): the payslip is issued, the money is not yet paid. */
  payoutOnHold?: boolean;
  /** The held payout was released and has now been paid ('YYYY-MM-DD'): the mail says so, with the payslip as it now reads. */
  heldPayPaidOn?: string;
}

/** 'Payslip-November-2026.pdf'. */
export function payslipFileName(month: string): string {
  return `Payslip-${monthLabel(month).replace(' ', '-')}.pdf`;
}

/** What a protected payslip's mail says about opening it: the pattern and a made-up example, never the password itself. */
export function payslipPasswordLine(): string {
  return `The PDF is protected with a password: ${PAYSLIP_PASSWORD_PATTERN} (for example ${PAYSLIP_PASSWORD_EXAMPLE} for PAN ABCDE1234F and a birthday on 1 August).`;
}

/**
 * The payslip e-mail, sent by a job after the finalize commit with the PDF
 * attached: `scope.enqueue('mail.send', { to, tenantId, ...payslipMail(input) })`.
 */
export function payslipMail(input: PayslipMailInput): Pick<OutgoingMail, 'subject' | 'text' | 'html' | 'attachments'> {
  const month = monthLabel(input.month);
  const url = `${input.appUrl}/payroll/payslips`;
  const footer = 'Your payslip shows your PAN and bank details: please do not forward this email.';
  if (input.heldPayPaidOn) {
    const paidLines = [
      `Hello ${input.firstName},`,
      `Your salary for ${month} from ${input.organisationName}, which was on hold, was paid on ${formatDisplayDate(input.heldPayPaidOn)}. Your payslip for ${month} now says when it was held, released and paid; it is attached to this email as a PDF.`,
    ];
    if (input.passwordProtected) paidLines.push(payslipPasswordLine());
    return {
      subject: `Your held salary for ${month} has been paid`,
      text: `${paidLines.join('\n\n')}\n\nView your payslips: ${url}\n\n${footer}\n`,
      html: layout(`Your held salary for ${month} has been paid`, paidLines, { label: 'View payslips', url }, footer),
      attachments: [{ filename: payslipFileName(input.month), contentType: 'application/pdf', storageKey: input.pdfStorageKey }],
    };
  }
  const lines = [
    `Hello ${input.firstName},`,
    `Your payslip for ${month} from ${input.organisationName} is ready. It is attached to this email as a PDF, and you can view or download it in Tankha at any time.`,
  ];
  if (input.passwordProtected) lines.push(payslipPasswordLine());
  if (input.payoutOnHold) lines.push(`Your salary payout for ${month} is on hold. It will be paid when your organisation releases the hold.`);
  return {
    subject: `Your payslip for ${month} is ready`,
    text: `${lines.join('\n\n')}\n\nView your payslips: ${url}\n\n${footer}\n`,
    html: layout(`Your payslip for ${month}`, lines, { label: 'View payslips', url }, footer),
    attachments: [{ filename: payslipFileName(input.month), contentType: 'application/pdf', storageKey: input.pdfStorageKey }],
  };
}
