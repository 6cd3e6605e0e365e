import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDirectLocalRequest } from '../../platform/local-request';
import type { MailboxService } from './mailbox.service';

/**
 * The embedded-mode mailbox (/dev/mailbox): every stored e-mail with its links, so verification and
 * reset links work with no mail server. It shows every organisation's links, so it is registered only
 * when `config.devMailboxEnabled` (no SMTP_URL, no TRUST_PROXY, never in production; a loopback HOST or
 * DEV_MAILBOX=1), and even then answers only a direct loopback connection without forwarding headers:
 * a reverse proxy on this machine connects from loopback for anyone. Any other request gets the 404 of
 * an absent route. Reading the outbox is platform work across tenants by design.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A link shown in the mailbox opens on the host the mailbox was opened on (APP_URL may differ in dev). */
function relative(link: string): string {
  try {
    const url = new URL(link);
    return url.pathname + url.search;
  } catch {
    return link;
  }
}

export const devRoutes: FastifyPluginAsyncZod<{ mailbox: MailboxService; html?: boolean }> = async (app, { mailbox, html }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (isDirectLocalRequest(request)) return;
    request.log.info({ peer: request.socket.remoteAddress }, 'dev mailbox refused: not a direct loopback request');
    return reply.callNotFound();
  });
  const query = z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
  if (!html) {
    app.get('/mailbox', { config: { access: { public: true, database: false } }, schema: { tags: ['Dev'], querystring: query } }, async (request) => {
      const mails = await mailbox.latest(request.query.limit, request.query.to || undefined);
      return { statusCode: 200, message: 'Success', data: mails, totalRecords: mails.length };
    });
    return;
  }
  app.get('/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const mails = await mailbox.latest(request.query.limit, request.query.to || undefined);
    const items = mails
      .map(
        (m) => `<article aria-label="Email to ${escapeHtml(m.to)}">
  <header><strong>${escapeHtml(m.subject)}</strong><span>${m.fromName ? `From: ${escapeHtml(m.fromName)}${m.replyTo ? ` (reply to ${escapeHtml(m.replyTo)})` : ''} · ` : ''}To: ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.createdAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }))}</span></header>
  <pre>${escapeHtml(m.text)}</pre>
  <nav>${m.links.map((l) => `<a href="${escapeHtml(relative(l))}">${escapeHtml(relative(l))}</a>`).join('')}</nav>
</article>`,
      )
      .join('\n');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Tankha (development)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,Segoe UI,Arial,sans-serif;background:#f5f6fa;margin:0;padding:24px;color:#1f2937}
main{max-width:860px;margin:auto}h1{font-size:22px}p.note{color:#6b7280}
article{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:12px 0}
header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}header span{color:#6b7280;font-size:13px}
pre{white-space:pre-wrap;font-family:inherit;font-size:14px;background:#f9fafb;padding:12px;border-radius:6px}
nav a{display:inline-block;margin-right:12px;color:#3b5bdb;word-break:break-all}</style></head>
<body><main><h1>Mailbox</h1><p class="note">E-mails stored by the embedded mail service (no SMTP_URL set). Newest first.</p>
${items || '<p>No emails yet.</p>'}</main></body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html').send(page);
  });
};
