import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANK_RETURN_MAX_BYTES,
  PAYROLL_BANK_FORMAT_MSG,
  PAYROLL_BANK_MSG,
  bankFileFormatInputSchema,
  bankFileFormatListReplySchema,
  bankFileFormatPathSchema,
  bankFileFormatReplySchema,
  bankFilePreviewReplySchema,
  bankFileQuerySchema,
  bankFileSettingsInputSchema,
  bankFileSettingsReplySchema,
  bankPaymentPaidInputSchema,
  bankPaymentPathSchema,
  bankPaymentReplySchema,
  bankPaymentsReplySchema,
  bankReturnReplySchema,
  emptyReplySchema,
  payrollRunIdPathSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { badRequest, settle } from '../../platform/errors';
import { readMultipart } from '../../platform/files/multipart';
import { ok } from '../../platform/http';
import { beforeUnitOfWork, scopeOf } from '../../platform/route-scope';

/**
 * The bank transfer file of a finalized month, its settings, the bank's return file and the
 * payments' status. Paths as in the header of payroll-bank.contract.ts.
 */
export const payrollBankRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const bank = services.payrollBank;
  const tags = ['Payroll bank transfer'];
  const settingsView = { access: { permission: 'payroll.settings.view' as const, feature: 'Payroll' as const } };
  const settingsManage = { access: { permission: 'payroll.settings.manage' as const, feature: 'Payroll' as const } };
  const exportFile = { access: { permission: 'payroll.bank.export' as const, feature: 'Payroll' as const } };
  const importFile = { access: { permission: 'payroll.bank.import' as const, feature: 'Payroll' as const } };
  const params = payrollRunIdPathSchema;

  app.get('/PayrollBankSettings', { config: settingsView, schema: { tags, response: { 200: bankFileSettingsReplySchema } } }, async (request) => ok(await bank.getSettings(scopeOf(request))));
  app.put('/PayrollBankSettings', { config: settingsManage, schema: { tags, body: bankFileSettingsInputSchema, response: { 200: bankFileSettingsReplySchema } } }, async (request) =>
    ok(await bank.saveSettings(scopeOf(request), request.body), PAYROLL_BANK_MSG.settingsSaved),
  );

  // The organisation's own bank file formats (the presets are data in the contracts).
  app.get('/PayrollBankFormats', { config: settingsView, schema: { tags, response: { 200: bankFileFormatListReplySchema } } }, async (request) => ok(await bank.listFormats(scopeOf(request))));
  app.post('/PayrollBankFormats', { config: settingsManage, schema: { tags, body: bankFileFormatInputSchema, response: { 200: bankFileFormatReplySchema } } }, async (request) =>
    ok(await bank.createFormat(scopeOf(request), request.body), PAYROLL_BANK_FORMAT_MSG.created),
  );
  app.put('/PayrollBankFormats/:id', { config: settingsManage, schema: { tags, params: bankFileFormatPathSchema, body: bankFileFormatInputSchema, response: { 200: bankFileFormatReplySchema } } }, async (request) =>
    ok(await bank.updateFormat(scopeOf(request), request.params.id, request.body), PAYROLL_BANK_FORMAT_MSG.updated),
  );
  app.delete('/PayrollBankFormats/:id', { config: settingsManage, schema: { tags, params: bankFileFormatPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await bank.deleteFormat(scopeOf(request), request.params.id);
    return ok(null, PAYROLL_BANK_FORMAT_MSG.deleted);
  });

  app.get('/PayrollRuns/:id/bank-file/preview', { config: exportFile, schema: { tags, params, querystring: bankFileQuerySchema, response: { 200: bankFilePreviewReplySchema } } }, async (request) =>
    ok(await bank.preview(scopeOf(request), request.params.id, request.query)),
  );
  app.get('/PayrollRuns/:id/bank-file', { config: exportFile, schema: { tags, params, querystring: bankFileQuerySchema, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } }, async (request, reply) => {
    const file = await bank.download(scopeOf(request), request.params.id, request.query);
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type(file.contentType);
    return file.bytes;
  });

  // The file is received and its rows read (a workbook unpacked within its limits) before the unit of work opens (route-scope.ts).
  const returnFile = beforeUnitOfWork(async (request) => {
    const { file } = await readMultipart(request);
    if (!file) throw badRequest(PAYROLL_BANK_MSG.returnFileRequired, { file: PAYROLL_BANK_MSG.returnFileRequired });
    if (file.truncated || file.bytes.length > BANK_RETURN_MAX_BYTES) throw badRequest(PAYROLL_BANK_MSG.returnFileTooLarge, { file: PAYROLL_BANK_MSG.returnFileTooLarge });
    return { fileName: file.filename, rows: await settle(bank.readReturnFile(file.bytes)) };
  });
  app.post('/PayrollRuns/:id/bank-return', { config: importFile, preHandler: returnFile.preHandler, schema: { tags, params, consumes: ['multipart/form-data'], response: { 200: bankReturnReplySchema } } }, async (request) => {
    const result = await bank.importReturn(scopeOf(request), request.params.id, returnFile.of(request));
    return ok(result, PAYROLL_BANK_MSG.returnRecorded(result.paid, result.failed));
  });

  app.get('/PayrollRuns/:id/payments', { config: exportFile, schema: { tags, params, response: { 200: bankPaymentsReplySchema } } }, async (request) => ok(await bank.payments(scopeOf(request), request.params.id)));
  // Recording a payment paid is the return file's act, so it is the Administrator's like the return file (payroll.bank.import).
  app.post('/PayrollRuns/:id/payments/:payslipId/mark-paid', { config: importFile, schema: { tags, params: bankPaymentPathSchema, body: bankPaymentPaidInputSchema, response: { 200: bankPaymentReplySchema } } }, async (request) =>
    ok(await bank.markPaymentPaid(scopeOf(request), request.params.id, request.params.payslipId, request.body), PAYROLL_BANK_MSG.paymentMarkedPaid),
  );
};
