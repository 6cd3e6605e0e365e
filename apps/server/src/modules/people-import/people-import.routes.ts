import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, importFieldsSchema, importPreviewReplySchema, importSummaryReplySchema, importTemplateQuerySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { beforeUnitOfWork, scopeOf } from '../../platform/route-scope';
import { badRequest, settle } from '../../platform/errors';
import { parseFields, readMultipart } from '../../platform/files/multipart';
import { ok } from '../../platform/http';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export const peopleImportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Users import'];
  const access = { permission: 'users.import' as const };

  app.get('/Users/import/template', { config: { access }, schema: { tags, querystring: importTemplateQuerySchema } }, async (request, reply) => {
    const { format } = request.query;
    const bytes = await services.peopleImport.template(format);
    reply.header('content-type', CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="tankha-users-import-template.${format}"`);
    return bytes;
  });

  // The file is received and its rows read (a workbook unpacked within its limits) before the unit of work opens (route-scope.ts).
  const upload = beforeUnitOfWork(async (request) => {
    const { fields, file } = await readMultipart(request);
    if (!file) throw badRequest('Choose a CSV or Excel file to import.', { file: 'Choose a CSV or Excel file to import.' });
    if (file.truncated || file.bytes.length > IMPORT_MAX_BYTES) throw badRequest('The file is larger than 5 MB. Split it into smaller files.', { file: 'The file is larger than 5 MB.' });
    return { fields, rows: await settle(services.peopleImport.readFile(file.bytes)) };
  });

  app.post('/Users/import/preview', { config: { access }, preHandler: upload.preHandler, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importPreviewReplySchema } } }, async (request) => {
    const { rows } = upload.of(request);
    return ok(await services.peopleImport.preview(scopeOf(request), rows));
  });

  app.post('/Users/import', { config: { access }, preHandler: upload.preHandler, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importSummaryReplySchema } } }, async (request) => {
    const { fields, rows } = upload.of(request);
    const { mode } = parseFields(importFieldsSchema, fields);
    const summary = await services.peopleImport.commit(scopeOf(request), rows, mode);
    return ok(summary, `${String(summary.created)} users imported`);
  });
};
