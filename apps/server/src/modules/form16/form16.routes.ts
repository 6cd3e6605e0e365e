import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORM16_BULK_MAX_BYTES,
  FORM16_BULK_MAX_FILES,
  FORM16_MSG,
  emptyReplySchema,
  form16BulkConfirmInputSchema,
  form16BulkConfirmReplySchema,
  form16BulkPreviewReplySchema,
  form16BulkTokenPathSchema,
  form16DownloadReplySchema,
  form16EmployeePathSchema,
  form16GenerateInputSchema,
  form16GenerateReplySchema,
  form16IdPathSchema,
  form16ListReplySchema,
  form16MergedQuerySchema,
  form16OptionalYearQuerySchema,
  form16RecordReplySchema,
  form16ResponsiblePersonInputSchema,
  form16ResponsiblePersonReplySchema,
  form16StatsReplySchema,
  form16UserListReplySchema,
  form16UsersQuerySchema,
  form16YearQuerySchema,
} from '@tankha/contracts';
import type { FastifyReply } from 'fastify';
import type { Services } from '../module';
import { API_PREFIX, beforeUnitOfWork, scopeOf } from '../../platform/route-scope';
import { settle } from '../../platform/errors';
import { ok, okList } from '../../platform/http';
import { readMultipart, readMultipartFiles } from '../../platform/files/multipart';
import { attachmentDisposition } from '../documents/documents.content';
import type { PdfFile } from './form16.service';

/**
 * Form 16 (payroll spec §7 "Form 16"), behind the Form16 feature: payroll admins manage everyone's
 * (form16.manage); every employee reads their own (form16.own, the service refuses others').
 * Paths in the header of form16.contract.ts.
 */
export const form16Routes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Form 16'];
  const form16 = services.form16;
  const manage = { access: { permission: 'form16.manage' as const, feature: 'Form16' as const } };
  const own = { access: { permission: 'form16.own' as const, feature: 'Form16' as const } };

  const sendPdf = (reply: FastifyReply, file: PdfFile) => {
    reply.header('content-disposition', attachmentDisposition(file.fileName)).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/pdf');
    return file.bytes;
  };

  app.get('/Form16/users', { config: manage, schema: { tags, querystring: form16UsersQuerySchema, response: { 200: form16UserListReplySchema } } }, async (request) => {
    const page = await form16.users(scopeOf(request), request.query);
    return okList(page.data, page.totalRecords, FORM16_MSG.loaded);
  });

  app.get('/Form16/stats', { config: manage, schema: { tags, querystring: form16YearQuerySchema, response: { 200: form16StatsReplySchema } } }, async (request) =>
    ok(await form16.stats(scopeOf(request), request.query.financialYear), FORM16_MSG.loaded),
  );

  // Uploads are received and their PDFs parsed (ZIPs unpacked) before the unit of work opens (route-scope.ts).
  const upload = beforeUnitOfWork(async (request) => {
    const { fields, file } = await readMultipart(request, { truncateLargeFile: true });
    return { fields, file: await form16.checkUploadedFile(file) };
  });
  const bulk = beforeUnitOfWork(async (request) => {
    const { fields, files } = await readMultipartFiles(request, {
      maxFiles: FORM16_BULK_MAX_FILES,
      maxTotalBytes: FORM16_BULK_MAX_BYTES,
      messages: { tooMany: FORM16_MSG.bulkTooManyFiles, tooLarge: FORM16_MSG.bulkTooLarge },
    });
    return { fields, files: await settle(form16.readBulkFiles(files)) };
  });

  app.post('/Form16/upload', { config: manage, preHandler: upload.preHandler, schema: { tags, consumes: ['multipart/form-data'], response: { 201: form16RecordReplySchema } } }, async (request, reply) => {
    const { fields, file } = upload.of(request);
    const created = await form16.upload(scopeOf(request), fields, file);
    reply.code(201);
    return ok(created, FORM16_MSG.uploaded, 201);
  });

  app.get(
    '/Form16/employees/:employeeId',
    { config: own, schema: { tags, params: form16EmployeePathSchema, querystring: form16OptionalYearQuerySchema, response: { 200: form16ListReplySchema } } },
    async (request) => ok(await form16.listForEmployee(scopeOf(request), request.params.employeeId, request.query.financialYear), FORM16_MSG.loaded),
  );

  app.get('/Form16/:id/download', { config: own, schema: { tags, params: form16IdPathSchema, response: { 200: form16DownloadReplySchema } } }, async (request) => {
    const form = await form16.downloadable(scopeOf(request), request.params.id);
    return ok(`${API_PREFIX}/Form16/${form.id}/file`, FORM16_MSG.downloadStarted);
  });

  app.get('/Form16/:id/file', { config: own, schema: { tags, params: form16IdPathSchema, produces: ['application/pdf'] } }, async (request, reply) =>
    sendPdf(reply, await form16.file(scopeOf(request), request.params.id)),
  );

  app.get('/Form16/merged', { config: own, schema: { tags, querystring: form16MergedQuerySchema, produces: ['application/pdf'] } }, async (request, reply) =>
    sendPdf(reply, await form16.merged(scopeOf(request), request.query.employeeId, request.query.financialYear)),
  );

  app.delete('/Form16/:id', { config: manage, schema: { tags, params: form16IdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await form16.remove(scopeOf(request), request.params.id);
    return ok(null, FORM16_MSG.deleted);
  });

  app.post('/Form16/bulk/preview', { config: manage, preHandler: bulk.preHandler, schema: { tags, consumes: ['multipart/form-data'], response: { 200: form16BulkPreviewReplySchema } } }, async (request) => {
    const { fields, files } = bulk.of(request);
    const preview = await form16.bulkPreview(scopeOf(request), fields, files);
    return ok(preview, preview.matched > 0 ? FORM16_MSG.loaded : FORM16_MSG.bulkNothingToStore);
  });

  app.post('/Form16/bulk/confirm', { config: manage, schema: { tags, body: form16BulkConfirmInputSchema, response: { 200: form16BulkConfirmReplySchema } } }, async (request) => {
    const done = await form16.bulkConfirm(scopeOf(request), request.body.token);
    return ok(done, FORM16_MSG.bulkStored(done.stored));
  });

  // Part B generated from the payroll: everyone of the year, or one employee.
  app.post('/Form16/part-b/generate', { config: manage, schema: { tags, body: form16GenerateInputSchema, response: { 200: form16GenerateReplySchema } } }, async (request) => {
    const done = await services.form16PartB.generateAll(scopeOf(request), request.body.financialYear);
    return ok(done, FORM16_MSG.partBGeneratedAll(done.generated, done.keptUploaded));
  });

  app.post(
    '/Form16/part-b/generate/:employeeId',
    { config: manage, schema: { tags, params: form16EmployeePathSchema, body: form16GenerateInputSchema, response: { 200: form16RecordReplySchema } } },
    async (request) => ok(await services.form16PartB.generateOne(scopeOf(request), request.params.employeeId, request.body.financialYear), FORM16_MSG.partBGenerated),
  );

  // The person responsible for deducting tax, who signs Part B (and Form 12BA); Part B waits for it.
  app.get('/Form16/responsible-person', { config: manage, schema: { tags, response: { 200: form16ResponsiblePersonReplySchema } } }, async (request) =>
    ok(await services.form16PartB.responsiblePerson(scopeOf(request)), FORM16_MSG.loaded),
  );
  app.put('/Form16/responsible-person', { config: manage, schema: { tags, body: form16ResponsiblePersonInputSchema, response: { 200: form16ResponsiblePersonReplySchema } } }, async (request) =>
    ok(await services.form16PartB.saveResponsiblePerson(scopeOf(request), request.body), FORM16_MSG.responsiblePersonSaved),
  );

  app.delete('/Form16/bulk/:token', { config: manage, schema: { tags, params: form16BulkTokenPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await form16.bulkCancel(scopeOf(request), request.params.token);
    return ok(null, FORM16_MSG.bulkCancelled);
  });
};
