import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SALARY_REVISION_MSG, salaryRevisionHistoryReplySchema, salaryRevisionInputSchema, salaryRevisionReplySchema, userIdPathSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/**
 * Salary revisions with arrears: an employee's revision history, and a new
 * structure from an effective date. Payroll admins see the history; a revision changes pay, so only
 * the Administrator makes one.
 */
export const salaryRevisionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const revisions = services.salaryRevisions;
  const tags = ['Salary'];

  app.get(
    '/Users/:id/salary-revisions',
    { config: { access: { permission: 'salary.revisions.view' } }, schema: { tags, params: userIdPathSchema, response: { 200: salaryRevisionHistoryReplySchema } } },
    async (request) => ok(await revisions.history(scopeOf(request), request.params.id)),
  );

  app.post(
    '/Users/:id/salary-revisions',
    {
      config: { access: { permission: 'salary.revisions.manage' } },
      schema: { tags, params: userIdPathSchema, body: salaryRevisionInputSchema, response: { 201: salaryRevisionReplySchema } },
    },
    async (request, reply) => {
      const created = await revisions.revise(scopeOf(request), request.params.id, request.body);
      reply.code(201);
      return ok(created, SALARY_REVISION_MSG.created, 201);
    },
  );
};
