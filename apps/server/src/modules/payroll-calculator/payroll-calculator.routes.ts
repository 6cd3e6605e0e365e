import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, payrollCalculatorReplySchema, payrollCalculatorRequestSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { ok } from '../../platform/http';

export const payrollCalculatorRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Public and stateless: anyone may work out a month's payslip before signing up. Pure computation,
  // no database work, so no transaction and no rate limit (like /tax/calculate).
  app.post(
    '/payroll/calculate',
    {
      config: { access: { public: true, database: false } },
      schema: { tags: ['Payroll'], security: [], body: payrollCalculatorRequestSchema, response: { 200: payrollCalculatorReplySchema, 400: errorReplySchema } },
    },
    async (request) => ok(services.payrollCalculator.calculate(request.body)),
  );
};
