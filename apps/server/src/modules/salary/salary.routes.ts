import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  salaryStructureReplySchema,
  salaryStructureRequestSchema,
  statutoryComponentsReplySchema,
  tenantDeductionsReplySchema,
  tenantEarningsReplySchema,
  userIdPathSchema,
} from '@tankha/contracts';
import type { Services } from '../../services';
import { SIGNED_IN } from '../../platform/auth/access';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Salary components (read-only: their CRUD is a later payroll issue) and the salary structure from
 * CTC (payroll spec §7 "Salary structure").
 */
export const salaryRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const salary = services.salary;
  const tags = ['Salary'];
  const view = { access: { permission: 'salary.components.view' as const } };

  app.get(
    '/SalaryComponents/earnings',
    {
      config: view,
      schema: { tags, response: { 200: tenantEarningsReplySchema } },
    },
    async (request) => {
      const list = await salary.earnings(scopeOf(request));
      return okList(list, list.length);
    },
  );

  app.get(
    '/SalaryComponents/deductions',
    {
      config: view,
      schema: { tags, response: { 200: tenantDeductionsReplySchema } },
    },
    async (request) => {
      const list = await salary.deductions(scopeOf(request));
      return okList(list, list.length);
    },
  );

  app.get(
    '/StatutoryComponents',
    {
      config: view,
      schema: { tags, response: { 200: statutoryComponentsReplySchema } },
    },
    async (request) => {
      const list = await salary.statutory(scopeOf(request));
      return okList(list, list.length);
    },
  );

  app.post(
    '/SalaryStructure/calculate',
    {
      config: { access: { permission: 'salary.structure.calculate' } },
      schema: {
        tags,
        body: salaryStructureRequestSchema,
        response: { 200: salaryStructureReplySchema },
      },
    },
    async (request) => ok(await salary.calculate(scopeOf(request), request.body)),
  );

  app.get(
    '/Users/:id/salary-structure',
    // Signed-in: administrators and moderators see anyone's, a member only their own (checked in the service).
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: userIdPathSchema,
        response: { 200: salaryStructureReplySchema },
      },
    },
    async (request) => ok(await salary.userStructure(scopeOf(request), request.params.id)),
  );
};
