import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, importFieldsSchema, importPreviewReplySchema, importSummaryReplySchema, importTemplateQuerySchema } from '@tankha/contracts';
import type { Services } from '../../services';
import { scopeOf } from '../../platform/route-scope';
import { badRequest } from '../../platform/errors';
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

  const readUpload = async (request: Parameters<typeof readMultipart>[0]) => {
    const { fields, file } = await readMultipart(request);
    if (!file) throw badRequest('Choose a CSV or Excel file to import.', { file: 'Choose a CSV or Excel file to import.' });
    if (file.truncated || file.bytes.length > IMPORT_MAX_BYTES) throw badRequest('The file is larger than 5 MB. Split it into smaller files.', { file: 'The file is larger than 5 MB.' });
    return { fields, bytes: file.bytes };
  };

  app.post('/Users/import/preview', { config: { access }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importPreviewReplySchema } } }, async (request) => {
    const { bytes } = await readUpload(request);
    return ok(await services.peopleImport.preview(scopeOf(request), bytes));
  });

  app.post('/Users/import', { config: { access }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importSummaryReplySchema } } }, async (request) => {
    const { fields, bytes } = await readUpload(request);
    const { mode } = parseFields(importFieldsSchema, fields);
    const summary = await services.peopleImport.commit(scopeOf(request), bytes, mode);
    return ok(summary, `${String(summary.created)} users imported`);
  });
};
