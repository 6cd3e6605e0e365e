import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  FILINGS_MSG,
  ecrCheckReplySchema,
  form24QCheckReplySchema,
  form24QQuerySchema,
  form24QFvuRequestSchema,
  esicCheckReplySchema,
  journalReplySchema,
  ledgerAccountListReplySchema,
  ledgerAccountsInputSchema,
  ledgerAccountsQuerySchema,
  payrollFilingDownloadQuerySchema,
  payrollFilingsReplySchema,
  payrollRunIdPathSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';
import type { DownloadedFile } from './payroll-filings.service';
import { FILING_FORMATS } from './formats/index';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A download: the bytes with an attachment disposition, never sniffed, never kept by a shared cache. */
function send(reply: FastifyReply, file: DownloadedFile, type: string): Buffer {
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type(type);
  return file.bytes;
}

/**
 * Statutory files and the payroll journal of a finalized month, and the journal's ledger accounts
 *. Paths as in the header of payroll-filings.contract.ts.
 */
export const payrollFilingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const filings = services.payrollFilings;
  const tags = ['Payroll statutory files'];
  const download = { access: { permission: 'payroll.filings.download' as const, feature: 'Payroll' as const } };
  const params = payrollRunIdPathSchema;
  const querystring = payrollFilingDownloadQuerySchema;

  app.get('/PayrollRuns/:id/filings', { config: download, schema: { tags, params, response: { 200: payrollFilingsReplySchema } } }, async (request) => ok(await filings.overview(scopeOf(request), request.params.id)));

  app.get('/PayrollRuns/:id/filings/ecr', { config: download, schema: { tags, params, response: { 200: ecrCheckReplySchema } } }, async (request) => ok(await filings.ecrCheck(scopeOf(request), request.params.id)));
  app.get('/PayrollRuns/:id/filings/esic', { config: download, schema: { tags, params, response: { 200: esicCheckReplySchema } } }, async (request) => ok(await filings.esicCheck(scopeOf(request), request.params.id)));
  app.get('/PayrollRuns/:id/filings/journal', { config: download, schema: { tags, params, response: { 200: journalReplySchema } } }, async (request) => ok(await filings.journal(scopeOf(request), request.params.id)));

  // Every file of every format in the registry (formats/index.ts), at the path the format names.
  for (const format of FILING_FORMATS) {
    for (const file of format.files) {
      const url = `/PayrollRuns/:id/filings/${file.path}`;
      const produces = [file.contentType.split(';')[0] ?? file.contentType];
      if (file.validOnly) {
        app.get(url, { config: download, schema: { tags, params, querystring, produces } }, async (request, reply) =>
          send(reply, await filings.download(scopeOf(request), request.params.id, format, file, { validOnly: request.query.validOnly }), file.contentType),
        );
      } else {
        app.get(url, { config: download, schema: { tags, params, produces } }, async (request, reply) => send(reply, await filings.download(scopeOf(request), request.params.id, format, file, { validOnly: false }), file.contentType));
      }
    }
  }

  // Form 24Q: a quarter of the financial year, not a run.
  app.get('/PayrollFilings/Form24Q/check', { config: download, schema: { tags, querystring: form24QQuerySchema, response: { 200: form24QCheckReplySchema } } }, async (request) => ok(await filings.form24QCheck(scopeOf(request), request.query)));
  // A POST: the answers include the responsible person's PAN, which must not travel in a URL (logs, history).
  app.post('/PayrollFilings/Form24Q/fvu.txt', { config: download, schema: { tags, body: form24QFvuRequestSchema, produces: ['text/plain'] } }, async (request, reply) =>
    send(reply, await filings.form24QFvuFile(scopeOf(request), request.body), 'text/plain; charset=us-ascii'),
  );
  app.get('/PayrollFilings/Form24Q/annexure.xlsx', { config: download, schema: { tags, querystring: form24QQuerySchema, produces: [XLSX] } }, async (request, reply) => send(reply, await filings.form24QFile(scopeOf(request), request.query), XLSX));

  {
    const ledgerTags = ['Payroll ledger accounts'];
    const view = { access: { permission: 'payroll.ledger.view' as const, feature: 'Payroll' as const } };
    const manage = { access: { permission: 'payroll.ledger.manage' as const, feature: 'Payroll' as const } };
    app.get('/PayrollLedgerAccounts', { config: view, schema: { tags: ledgerTags, querystring: ledgerAccountsQuerySchema, response: { 200: ledgerAccountListReplySchema } } }, async (request) => {
      const rows = await filings.ledgerAccounts(scopeOf(request), request.query.runId);
      return okList(rows, rows.length);
    });
    app.put('/PayrollLedgerAccounts', { config: manage, schema: { tags: ledgerTags, body: ledgerAccountsInputSchema, response: { 200: ledgerAccountListReplySchema } } }, async (request) => {
      const rows = await filings.saveLedgerAccounts(scopeOf(request), request.body);
      return okList(rows, rows.length, FILINGS_MSG.ledgerSaved);
    });
  }
};
