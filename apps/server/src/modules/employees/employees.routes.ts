import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANK_CHANGE_COOLING_HOURS,
  BANK_CHANGE_MSG,
  PEOPLE_MSG,
  InviteResultCode,
  employeeFormSchema,
  inviteReplySchema,
  updateEmployeeReplySchema,
  userFieldOptionsQuerySchema,
  userFieldOptionsReplySchema,
  userIdPathSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/** The Invite / Add Restricted Login User / Edit User modal's calls (people spec §2.6, §7 "Employee"). */
export const employeeRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const employees = services.employee;
  const tags = ['Employees'];
  const invite = { access: { permission: 'users.invite' as const } };
  const update = { access: { permission: 'users.update' as const } };

  app.post(
    '/Users/invite',
    {
      config: invite,
      schema: {
        tags,
        body: employeeFormSchema,
        response: { 200: inviteReplySchema },
      },
    },
    async (request) => {
      const result = await employees.invite(scopeOf(request), request.body);
      return ok(result, result.statusCode === InviteResultCode.Success ? PEOPLE_MSG.invited : PEOPLE_MSG.userExists);
    },
  );

  app.post(
    '/Users/restricted',
    {
      config: invite,
      schema: {
        tags,
        body: employeeFormSchema,
        response: { 200: inviteReplySchema },
      },
    },
    async (request) => {
      const result = await employees.addRestricted(scopeOf(request), request.body);
      return ok(result, result.statusCode === InviteResultCode.Success ? 'Restricted login user added' : PEOPLE_MSG.userExists);
    },
  );

  app.get(
    '/UserFields/options',
    {
      config: invite,
      schema: {
        tags,
        querystring: userFieldOptionsQuerySchema,
        response: { 200: userFieldOptionsReplySchema },
      },
    },
    async (request) => ok(await employees.userFieldOptions(scopeOf(request), request.query.name)),
  );

  app.put(
    '/Users/:id',
    {
      config: update,
      schema: {
        tags,
        params: userIdPathSchema,
        body: employeeFormSchema,
        response: { 200: updateEmployeeReplySchema },
      },
    },
    async (request) => {
      const result = await employees.update(scopeOf(request), request.params.id, request.body);
      const message = result.bankChange === 'approval' ? BANK_CHANGE_MSG.requested : result.bankChange === 'cooling' ? BANK_CHANGE_MSG.requestedCooling(BANK_CHANGE_COOLING_HOURS) : PEOPLE_MSG.userUpdated;
      return ok(result, message);
    },
  );
};
