import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYROLL_MSG,
  emptyReplySchema,
  payrollAdjustmentInputSchema,
  payrollAdjustmentListQuerySchema,
  payrollAdjustmentListReplySchema,
  payrollAdjustmentPathSchema,
  payrollAdjustmentReplySchema,
  payrollEmployeeListQuerySchema,
  payrollEmployeeListReplySchema,
  payrollEmployeeReplySchema,
  payrollHoldInputSchema,
  payrollMarkPaidInputSchema,
  payrollRemarkInputSchema,
  payrollRemarkReplySchema,
  payrollRunIdPathSchema,
  payrollRunListReplySchema,
  payrollRunReplySchema,
  payrollRunUserPathSchema,
  payrollSettingsInputSchema,
  payrollSettingsReplySchema,
  payrollSetupReplySchema,
  payrollSetupStepPathSchema,
  payrollStatusReplySchema,
  payrollVarianceReplySchema,
  payrollWarningListReplySchema,
  payslipIdPathSchema,
  payslipListQuerySchema,
  payslipListReplySchema,
  payslipReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { SIGNED_IN } from '../../platform/auth/access';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Payroll settings and the setup checklist (people spec §2.9, platform §2.6), the monthly run
 * (DESIGN §10) and payslips to read. Paths as in the header of payroll.contract.ts; the
 * register and the payslip PDF are served elsewhere.
 */
export const payrollRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { payrollSettings: settings, payrollRun: runs, payslip: payslips } = services;

  // Settings (people spec §2.9: the page needs the Settings feature).
  {
    const tags = ['Payroll settings'];
    const view = { access: { permission: 'payroll.settings.view' as const, feature: 'Settings' as const } };
    const manage = { access: { permission: 'payroll.settings.manage' as const, feature: 'Settings' as const } };
    app.get('/PayrollSettings', { config: view, schema: { tags, response: { 200: payrollSettingsReplySchema } } }, async (request) => ok(await settings.get(scopeOf(request))));
    app.put('/PayrollSettings', { config: manage, schema: { tags, body: payrollSettingsInputSchema, response: { 200: payrollSettingsReplySchema } } }, async (request) =>
      // The run service saves them and moves the open month's pay date (and a draft's period) in the same transaction.
      ok(await runs.saveSettings(scopeOf(request), request.body), PAYROLL_MSG.settingsUpdated),
    );
    // Whether payroll is on decides the Payroll area's tabs for everyone, so any signed-in user may ask.
    app.get('/PayrollSettings/status', { config: { access: SIGNED_IN }, schema: { tags, response: { 200: payrollStatusReplySchema } } }, async (request) => ok(await settings.status(scopeOf(request))));
    app.post('/PayrollSettings/mark-completed', { config: manage, schema: { tags, response: { 200: payrollSetupReplySchema } } }, async (request) =>
      ok(await settings.markCompleted(scopeOf(request)), PAYROLL_MSG.stepCompleted),
    );
  }

  // The setup checklist (platform §2.6).
  {
    const tags = ['Payroll setup'];
    const view = { access: { permission: 'payroll.settings.view' as const, feature: 'Payroll' as const } };
    const manage = { access: { permission: 'payroll.settings.manage' as const, feature: 'Payroll' as const } };
    app.get('/PayrollSetup', { config: view, schema: { tags, response: { 200: payrollSetupReplySchema } } }, async (request) => ok(await settings.setup(scopeOf(request))));
    app.post('/PayrollSetup/steps/:step/complete', { config: manage, schema: { tags, params: payrollSetupStepPathSchema, response: { 200: payrollSetupReplySchema } } }, async (request) =>
      ok(await settings.completeStep(scopeOf(request), request.params.step), PAYROLL_MSG.stepCompleted),
    );
    app.post('/PayrollSetup/complete', { config: manage, schema: { tags, response: { 200: payrollSetupReplySchema } } }, async (request) =>
      ok(await runs.completeSetup(scopeOf(request)), PAYROLL_MSG.setupCompleted),
    );
  }

  // The run.
  {
    const tags = ['Payroll run'];
    const view = { access: { permission: 'payroll.run.view' as const, feature: 'Payroll' as const } };
    const manage = { access: { permission: 'payroll.run.manage' as const, feature: 'Payroll' as const } };
    const finalize = { access: { permission: 'payroll.run.finalize' as const, feature: 'Payroll' as const } };
    const byId = payrollRunIdPathSchema;

    app.get('/PayrollRuns', { config: view, schema: { tags, response: { 200: payrollRunListReplySchema } } }, async (request) => {
      const list = await runs.list(scopeOf(request));
      return okList(list, list.length);
    });
    app.get('/PayrollRuns/current', { config: view, schema: { tags, response: { 200: payrollRunReplySchema } } }, async (request) => ok(await runs.current(scopeOf(request))));
    app.get('/PayrollRuns/:id', { config: view, schema: { tags, params: byId, response: { 200: payrollRunReplySchema } } }, async (request) => ok(await runs.get(scopeOf(request), request.params.id)));
    app.get('/PayrollRuns/:id/employees', { config: view, schema: { tags, params: byId, querystring: payrollEmployeeListQuerySchema, response: { 200: payrollEmployeeListReplySchema } } }, async (request) => {
      const { rows, totalRecords } = await runs.employees(scopeOf(request), request.params.id, request.query);
      return okList(rows, totalRecords);
    });
    app.get('/PayrollRuns/:id/warnings', { config: view, schema: { tags, params: byId, response: { 200: payrollWarningListReplySchema } } }, async (request) => {
      const list = await runs.warnings(scopeOf(request), request.params.id);
      return okList(list, list.length);
    });
    app.get('/PayrollRuns/:id/variance', { config: view, schema: { tags, params: byId, response: { 200: payrollVarianceReplySchema } } }, async (request) => ok(await runs.variance(scopeOf(request), request.params.id)));

    app.put('/PayrollRuns/:id/holds/:userId', { config: manage, schema: { tags, params: payrollRunUserPathSchema, body: payrollHoldInputSchema, response: { 200: payrollEmployeeReplySchema } } }, async (request) =>
      ok(await runs.setHold(scopeOf(request), request.params.id, request.params.userId, request.body), PAYROLL_MSG.holdSaved),
    );
    app.delete('/PayrollRuns/:id/holds/:userId', { config: manage, schema: { tags, params: payrollRunUserPathSchema, response: { 200: payrollEmployeeReplySchema } } }, async (request) =>
      ok(await runs.removeHold(scopeOf(request), request.params.id, request.params.userId), PAYROLL_MSG.holdRemoved),
    );

    app.post('/PayrollRuns/:id/excluded/:userId/bring-in', { config: manage, schema: { tags, params: payrollRunUserPathSchema, response: { 200: payrollEmployeeReplySchema } } }, async (request) => {
      const { row, month, into } = await runs.bringInExcludedPay(scopeOf(request), request.params.id, request.params.userId);
      return ok(row, PAYROLL_MSG.excludedPayBroughtIn(month, into));
    });
    app.delete('/PayrollRuns/:id/excluded/:userId/bring-in', { config: manage, schema: { tags, params: payrollRunUserPathSchema, response: { 200: payrollEmployeeReplySchema } } }, async (request) => {
      const { row, month, from } = await runs.undoBringInExcludedPay(scopeOf(request), request.params.id, request.params.userId);
      return ok(row, PAYROLL_MSG.excludedPayUndone(month, from));
    });

    app.get('/PayrollRuns/:id/adjustments', { config: view, schema: { tags, params: byId, querystring: payrollAdjustmentListQuerySchema, response: { 200: payrollAdjustmentListReplySchema } } }, async (request) => {
      const list = await runs.adjustments(scopeOf(request), request.params.id, request.query.userId);
      return okList(list, list.length);
    });
    app.post('/PayrollRuns/:id/adjustments', { config: manage, schema: { tags, params: byId, body: payrollAdjustmentInputSchema, response: { 201: payrollAdjustmentReplySchema } } }, async (request, reply) => {
      const created = await runs.addAdjustment(scopeOf(request), request.params.id, request.body);
      reply.code(201);
      return ok(created, PAYROLL_MSG.adjustmentAdded, 201);
    });
    app.delete('/PayrollRuns/:id/adjustments/:adjustmentId', { config: manage, schema: { tags, params: payrollAdjustmentPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await runs.removeAdjustment(scopeOf(request), request.params.id, request.params.adjustmentId);
      return ok(null, PAYROLL_MSG.adjustmentRemoved);
    });

    app.put('/PayrollRuns/:id/remarks/:userId', { config: manage, schema: { tags, params: payrollRunUserPathSchema, body: payrollRemarkInputSchema, response: { 200: payrollRemarkReplySchema } } }, async (request) =>
      ok(await runs.setRemark(scopeOf(request), request.params.id, request.params.userId, request.body.remark), PAYROLL_MSG.remarkSaved),
    );

    app.post('/PayrollRuns/:id/process', { config: manage, schema: { tags, params: byId, response: { 202: payrollRunReplySchema } } }, async (request, reply) => {
      const run = await runs.startProcessing(scopeOf(request), request.params.id);
      reply.code(202);
      return ok(run, PAYROLL_MSG.processingStarted, 202);
    });
    app.post('/PayrollRuns/:id/employees/:userId/process', { config: manage, schema: { tags, params: payrollRunUserPathSchema, response: { 200: payrollEmployeeReplySchema } } }, async (request) =>
      ok(await runs.processEmployee(scopeOf(request), request.params.id, request.params.userId), PAYROLL_MSG.employeeProcessed),
    );
    app.post('/PayrollRuns/:id/process-stale', { config: manage, schema: { tags, params: byId, response: { 200: payrollRunReplySchema } } }, async (request) => {
      const { run, processed } = await runs.processStale(scopeOf(request), request.params.id);
      return ok(run, PAYROLL_MSG.staleProcessed(processed));
    });
    app.post('/PayrollRuns/:id/finalize', { config: finalize, schema: { tags, params: byId, response: { 200: payrollRunReplySchema } } }, async (request) =>
      ok(await runs.finalize(scopeOf(request), request.params.id), PAYROLL_MSG.finalized),
    );
    app.post('/PayrollRuns/:id/mark-paid', { config: finalize, schema: { tags, params: byId, body: payrollMarkPaidInputSchema, response: { 200: payrollRunReplySchema } } }, async (request) =>
      ok(await runs.markPaid(scopeOf(request), request.params.id, request.body), PAYROLL_MSG.markedPaid),
    );
  }

  // Payslips (own for everyone; an administrator's view of anyone's is checked in the service).
  {
    const tags = ['Payslips'];
    const own = { access: { permission: 'payslips.own' as const, feature: 'Payslips' as const } };
    app.get('/Payslips', { config: own, schema: { tags, querystring: payslipListQuerySchema, response: { 200: payslipListReplySchema } } }, async (request) => {
      const list = await payslips.list(scopeOf(request), request.query);
      return okList(list, list.length);
    });
    app.get('/Payslips/:id', { config: own, schema: { tags, params: payslipIdPathSchema, response: { 200: payslipReplySchema } } }, async (request) => ok(await payslips.get(scopeOf(request), request.params.id)));
  }
};
