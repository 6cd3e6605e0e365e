import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SALARY_MSG,
  componentIdPathSchema,
  componentStatusInputSchema,
  deductionInputSchema,
  earningInputSchema,
  earningTypesReplySchema,
  emptyReplySchema,
  epfInputSchema,
  esiInputSchema,
  lwfInputSchema,
  professionalTaxInputSchema,
  salaryStructureReplySchema,
  salaryStructureRequestSchema,
  statutoryComponentPathSchema,
  statutoryComponentReplySchema,
  statutoryComponentsReplySchema,
  statutoryTablesReplySchema,
  tenantDeductionReplySchema,
  tenantDeductionsReplySchema,
  tenantEarningReplySchema,
  tenantEarningsReplySchema,
  userIdPathSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { SIGNED_IN } from '../../platform/auth/access';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Salary components (earnings, deductions, earning types), statutory components and the salary
 * structure from CTC (payroll spec §3, §7 "Salary structure"). Statutory routes
 * need the StatutoryComponents feature: the free plan hides them (platform §1).
 */
export const salaryRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const salary = services.salary;
  const components = services.salaryComponents;
  const tags = ['Salary'];
  const view = { access: { permission: 'salary.components.view' as const } };
  const manage = { access: { permission: 'salary.components.manage' as const } };
  const statutoryView = { access: { permission: 'salary.components.view' as const, feature: 'StatutoryComponents' as const } };
  const statutoryManage = { access: { permission: 'salary.components.manage' as const, feature: 'StatutoryComponents' as const } };

  // ——— Earnings ———

  app.get('/SalaryComponents/earnings', { config: view, schema: { tags, response: { 200: tenantEarningsReplySchema } } }, async (request) => {
    const list = await components.earnings(scopeOf(request));
    return okList(list, list.length);
  });

  app.get('/SalaryComponents/earning-types', { config: view, schema: { tags, response: { 200: earningTypesReplySchema } } }, async () => {
    const list = components.earningTypes();
    return okList(list, list.length);
  });

  app.post('/SalaryComponents/earnings', { config: manage, schema: { tags, body: earningInputSchema, response: { 201: tenantEarningReplySchema } } }, async (request, reply) => {
    const created = await components.createEarning(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, SALARY_MSG.earningCreated, 201);
  });

  app.put('/SalaryComponents/earnings/:id', { config: manage, schema: { tags, params: componentIdPathSchema, body: earningInputSchema, response: { 200: tenantEarningReplySchema } } }, async (request) =>
    ok(await components.updateEarning(scopeOf(request), request.params.id, request.body), SALARY_MSG.earningUpdated),
  );

  app.patch(
    '/SalaryComponents/earnings/:id/status',
    { config: manage, schema: { tags, params: componentIdPathSchema, body: componentStatusInputSchema, response: { 200: tenantEarningReplySchema } } },
    async (request) => {
      const row = await components.setEarningStatus(scopeOf(request), request.params.id, request.body.isActive);
      return ok(row, row.isActive ? SALARY_MSG.earningActivated : SALARY_MSG.earningDeactivated);
    },
  );

  app.delete('/SalaryComponents/earnings/:id', { config: manage, schema: { tags, params: componentIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await components.deleteEarning(scopeOf(request), request.params.id);
    return ok(null, SALARY_MSG.earningDeleted);
  });

  // ——— Deductions ———

  app.get('/SalaryComponents/deductions', { config: view, schema: { tags, response: { 200: tenantDeductionsReplySchema } } }, async (request) => {
    const list = await components.deductions(scopeOf(request));
    return okList(list, list.length);
  });

  app.post('/SalaryComponents/deductions', { config: manage, schema: { tags, body: deductionInputSchema, response: { 201: tenantDeductionReplySchema } } }, async (request, reply) => {
    const created = await components.createDeduction(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, SALARY_MSG.deductionCreated, 201);
  });

  app.put(
    '/SalaryComponents/deductions/:id',
    { config: manage, schema: { tags, params: componentIdPathSchema, body: deductionInputSchema, response: { 200: tenantDeductionReplySchema } } },
    async (request) => ok(await components.updateDeduction(scopeOf(request), request.params.id, request.body), SALARY_MSG.deductionUpdated),
  );

  app.patch(
    '/SalaryComponents/deductions/:id/status',
    { config: manage, schema: { tags, params: componentIdPathSchema, body: componentStatusInputSchema, response: { 200: tenantDeductionReplySchema } } },
    async (request) => {
      const row = await components.setDeductionStatus(scopeOf(request), request.params.id, request.body.isActive);
      return ok(row, row.isActive ? SALARY_MSG.deductionActivated : SALARY_MSG.deductionDeactivated);
    },
  );

  app.delete('/SalaryComponents/deductions/:id', { config: manage, schema: { tags, params: componentIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await components.deleteDeduction(scopeOf(request), request.params.id);
    return ok(null, SALARY_MSG.deductionDeleted);
  });

  // ——— Statutory components ———

  app.get('/StatutoryComponents', { config: statutoryView, schema: { tags, response: { 200: statutoryComponentsReplySchema } } }, async (request) => {
    const list = await components.statutory(scopeOf(request));
    return okList(list, list.length);
  });

  app.get('/StatutoryComponents/tables', { config: statutoryView, schema: { tags, response: { 200: statutoryTablesReplySchema } } }, async (request) =>
    ok(await components.tables(scopeOf(request))),
  );

  app.get(
    '/StatutoryComponents/:component',
    { config: statutoryView, schema: { tags, params: statutoryComponentPathSchema, response: { 200: statutoryComponentReplySchema } } },
    async (request) => ok(await components.statutoryOne(scopeOf(request), request.params.component)),
  );

  app.put('/StatutoryComponents/EPF', { config: statutoryManage, schema: { tags, body: epfInputSchema, response: { 200: statutoryComponentReplySchema } } }, async (request) =>
    ok(await components.updateEpf(scopeOf(request), request.body), SALARY_MSG.statutoryUpdated),
  );

  app.put('/StatutoryComponents/ESI', { config: statutoryManage, schema: { tags, body: esiInputSchema, response: { 200: statutoryComponentReplySchema } } }, async (request) =>
    ok(await components.updateEsi(scopeOf(request), request.body), SALARY_MSG.statutoryUpdated),
  );

  app.put(
    '/StatutoryComponents/ProfessionalTax',
    { config: statutoryManage, schema: { tags, body: professionalTaxInputSchema, response: { 200: statutoryComponentReplySchema } } },
    async (request) => ok(await components.updateStateLevy(scopeOf(request), 'ProfessionalTax', request.body), SALARY_MSG.statutoryUpdated),
  );

  app.put('/StatutoryComponents/LWF', { config: statutoryManage, schema: { tags, body: lwfInputSchema, response: { 200: statutoryComponentReplySchema } } }, async (request) =>
    ok(await components.updateStateLevy(scopeOf(request), 'LWF', request.body), SALARY_MSG.statutoryUpdated),
  );

  app.delete(
    '/StatutoryComponents/:component',
    { config: statutoryManage, schema: { tags, params: statutoryComponentPathSchema, response: { 200: statutoryComponentReplySchema } } },
    async (request) => ok(await components.disableStatutory(scopeOf(request), request.params.component), SALARY_MSG.statutoryDisabled),
  );

  // ——— Salary structure ———

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
