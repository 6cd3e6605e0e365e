import type { TaxWindowKind } from '@tankha/domain';
import { layout } from '../../platform/mail/templates';
import { htmlToText } from './reminder-html';

/** Where an employee acts on a window (payroll spec §2 employee landing routes). */
export const EMPLOYEE_WINDOW_PATH: Record<TaxWindowKind, string> = {
  declaration: '/payroll/taxes/employeeITDeclaration',
  poi: '/payroll/taxes/initialemployeePOI',
};

const NAME: Record<TaxWindowKind, string> = { declaration: 'Income Tax Declaration', poi: 'Proof of Investment submission' };

/**
 * A reminder as sent: the administrator's body (sanitised, placeholders filled and escaped) in a
 * plain frame; the text part is the same words without markup.
 */
export function reminderMail(input: { subject: string; bodyHtml: string; companyName: string; url: string }) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f5f6fa;padding:24px;color:#1f2937">
<div style="max-width:600px;margin:auto;background:#fff;border-radius:8px;padding:32px">${input.bodyHtml}
<p style="font-size:13px;color:#6b7280;margin-top:24px">Open Tankha: <a href="${esc(input.url)}">${esc(input.url)}</a></p>
<p style="font-size:12px;color:#9ca3af">Sent by ${esc(input.companyName)} through Tankha.</p></div></body></html>`;
  return { subject: input.subject, html, text: `${htmlToText(input.bodyHtml)}\n\nOpen Tankha: ${input.url}\n` };
}

/** notifyOnRelease / notifyOnLock (our wording; the spec names the switches only). */
export function noticeMail(input: { kind: TaxWindowKind; event: 'released' | 'locked'; firstName: string; companyName: string; taxYear: string; lockDate: string; url: string }) {
  const what = NAME[input.kind];
  const released = input.event === 'released';
  const subject = released ? `${what} for ${input.taxYear} is open` : `${what} for ${input.taxYear} is locked`;
  const lines = released
    ? [
        `Hello ${input.firstName},`,
        input.kind === 'declaration'
          ? `${input.companyName} has opened the Income Tax Declaration for the financial year ${input.taxYear}. Declare your investments on or before ${input.lockDate} so that your TDS is calculated correctly.`
          : `${input.companyName} has opened Proof of Investment submission for the financial year ${input.taxYear}. Upload your proofs on or before ${input.lockDate}; declared investments without proof are not considered for your tax.`,
      ]
    : [
        `Hello ${input.firstName},`,
        `${what} for the financial year ${input.taxYear} at ${input.companyName} is now locked. Please contact your payroll administrator if something needs to change.`,
      ];
  const label = released ? (input.kind === 'declaration' ? 'Declare Investments' : 'Submit Proofs') : 'Open Tankha';
  const footer = `You receive this because you are an employee of ${input.companyName}.`;
  return { subject, text: `${lines.join('\n\n')}\n\n${label}: ${input.url}\n\n${footer}\n`, html: layout(subject, lines, { label, url: input.url }, footer) };
}
