import { BANK_CHANGE_MSG } from '@tankha/contracts';
/** E-mail bodies. Values are escaped; links are built by the caller from APP_URL. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The one e-mail frame: a title, paragraphs of plain text (escaped here), a button and a footer. */
export function layout(title: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Segoe UI,Arial,sans-serif;background:#f5f6fa;padding:24px;color:#1f2937">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h2 style="margin-top:0;color:#3b5bdb">${escapeHtml(title)}</h2>${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#3b5bdb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p></div></body></html>`;
}

export function verificationEmail(input: { firstName: string; organizationName: string; url: string }) {
  const subject = 'Verify your email address for Tankha';
  const lines = [`Hello ${input.firstName},`, `Welcome to Tankha. Please verify your email address to activate ${input.organizationName}.`];
  const footer = 'This activation link expires in 48 hours.';
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nVerify your email: ${input.url}\n\n${footer}\n`,
    html: layout('Verify your email address', lines, { label: 'Verify email', url: input.url }, footer),
  };
}

export function resetPasswordEmail(input: { firstName: string; url: string }) {
  const subject = 'Reset your Tankha password';
  const lines = [`Hello ${input.firstName},`, 'We received a request to reset your password. Use the link below to choose a new one.'];
  const footer = 'This link expires in 1 hour. If you did not ask for it, you can ignore this email.';
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nReset your password: ${input.url}\n\n${footer}\n`,
    html: layout('Reset your password', lines, { label: 'Reset password', url: input.url }, footer),
  };
}

export function inviteEmail(input: { firstName: string; organizationName: string; url: string; validDays?: number; hasPassword?: boolean }) {
  const subject = `You're invited to join ${input.organizationName} on Tankha`;
  const lines = [
    `Hello ${input.firstName},`,
    input.hasPassword
      ? `${input.organizationName} has invited you to Tankha. Accept the invitation, then log in with your existing Tankha password.`
      : `${input.organizationName} has invited you to Tankha. Set your password to activate your account.`,
  ];
  const days = input.validDays ?? 2;
  const footer = days === 2 ? 'This invitation link expires in 48 hours.' : `This invitation link expires in ${String(days)} days.`;
  const label = input.hasPassword ? 'Accept invitation' : 'Set password';
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${label}: ${input.url}\n\n${footer}\n`,
    html: layout(`Join ${input.organizationName}`, lines, { label, url: input.url }, footer),
  };
}

/**
 * A bank details change in an organisation with no second administrator (issue 30 §4): the employee and
 * the administrators are told before it takes effect, so a change nobody asked for can be stopped.
 */
export function bankChangeCoolingEmail(input: { firstName: string; employeeName: string; organizationName: string; accountEnding: string; effectiveAt: string; url: string }) {
  const subject = BANK_CHANGE_MSG.mailSubject(input.organizationName);
  const lines = [
    `Hello ${input.firstName},`,
    `A change of the bank account salary is paid to for ${input.employeeName} at ${input.organizationName} was requested: the new account ends in ${input.accountEnding}.`,
    `It takes effect on ${input.effectiveAt} unless an administrator rejects it before then. Until then salary is paid to the current account.`,
    'If you did not expect this change, tell your administrator at once.',
  ];
  const footer = 'You receive this e-mail because bank details changes are confirmed with the employee and the administrators.';
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nReview: ${input.url}\n\n${footer}\n`,
    html: layout('Bank details change requested', lines, { label: 'Review the change', url: input.url }, footer),
  };
}
