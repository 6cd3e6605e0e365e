import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_MSG, auditExportQuerySchema, auditListQuerySchema, auditListReplySchema, auditMineQuerySchema, auditVerifyReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** The audit log (who changed what): administrators read, export and check the chain; everyone reads the history of their own record. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const audit = services.auditLog;
  const tags = ['Audit log'];
  const view = { access: { permission: 'audit.view' as const } };
  const own = { access: { permission: 'audit.own' as const } };

  app.get('/AuditLog', { config: view, schema: { tags, querystring: auditListQuerySchema, response: { 200: auditListReplySchema } } }, async (request) => {
    const page = await audit.list(scopeOf(request), request.query);
    return okList(page.rows, page.totalRecords, page.totalRecords === 0 ? AUDIT_MSG.empty : undefined);
  });

  app.get('/AuditLog/mine', { config: own, schema: { tags, querystring: auditMineQuerySchema, response: { 200: auditListReplySchema } } }, async (request) => {
    const page = await audit.mine(scopeOf(request), request.query);
    return okList(page.rows, page.totalRecords, page.totalRecords === 0 ? AUDIT_MSG.empty : undefined);
  });

  app.get('/AuditLog/verify', { config: view, schema: { tags, response: { 200: auditVerifyReplySchema } } }, async (request) => {
    const result = await audit.verify(scopeOf(request));
    return ok(result, result.valid ? AUDIT_MSG.chainValid : AUDIT_MSG.chainBroken);
  });

  app.get('/AuditLog/export', { config: view, schema: { tags, querystring: auditExportQuerySchema, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } }, async (request, reply) => {
    const file = await audit.export(scopeOf(request), request.query);
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type(file.contentType);
    return file.bytes;
  });
};
