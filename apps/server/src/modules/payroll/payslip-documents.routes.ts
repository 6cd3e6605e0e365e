import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payrollRunIdPathSchema, payslipIdPathSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The stored payslip PDF and the payroll register. Both are downloads:
 * the bytes with an attachment disposition, never sniffed, never cached by a shared cache.
 */
export const payslipDocumentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Payroll'];
  const documents = services.payslipDocuments;

  // payslips.own is every role; the service lets payroll.run.view read anyone's and answers 404 for someone else's.
  app.get('/Payslips/:id/pdf', { config: { access: { permission: 'payslips.own' } }, schema: { tags, params: payslipIdPathSchema, produces: ['application/pdf'] } }, async (request, reply) => {
    const file = await documents.downloadPdf(scopeOf(request), request.params.id);
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/pdf');
    return file.bytes;
  });

  app.get('/PayrollRuns/:id/register.xlsx', { config: { access: { permission: 'payroll.run.view' } }, schema: { tags, params: payrollRunIdPathSchema, produces: [XLSX] } }, async (request, reply) => {
    const file = await documents.registerXlsx(scopeOf(request), request.params.id);
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type(XLSX);
    return file.bytes;
  });
};
