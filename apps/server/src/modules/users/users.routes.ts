import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PEOPLE_MSG,
  activeCountReplySchema,
  assignRolePathSchema,
  assignRoleReplySchema,
  emptyReplySchema,
  employeeNumberExistsQuerySchema,
  employeeNumberExistsReplySchema,
  employeeReplySchema,
  userLatestEmployeeNumberReplySchema,
  userIdPathSchema,
  userListQuerySchema,
  userListReplySchema,
  userSearchQuerySchema,
  userSearchReplySchema,
  userStatusBodySchema,
  userStatusReplySchema,
  type RoleId,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/** User management (people spec §2.5, §2.7, §2.8, §4, §7 "User management"). */
export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Users'];
  const users = services.users;

  app.get(
    '/Users',
    {
      config: { access: { permission: 'users.list' } },
      schema: {
        tags,
        querystring: userListQuerySchema,
        response: { 200: userListReplySchema },
      },
    },
    async (request) => ok(await users.list(scopeOf(request), request.query)),
  );
  app.get(
    '/Users/active-count',
    {
      config: { access: { permission: 'users.activeCount' } },
      schema: { tags, response: { 200: activeCountReplySchema } },
    },
    async (request) => ok({ activeUsers: await users.activeCount(scopeOf(request)) }),
  );
  app.get(
    '/Users/search',
    {
      config: { access: { permission: 'users.search' } },
      schema: {
        tags,
        querystring: userSearchQuerySchema,
        response: { 200: userSearchReplySchema },
      },
    },
    async (request) => ok(await users.search(scopeOf(request), request.query)),
  );
  app.get(
    '/Users/latest-employee-number',
    {
      config: { access: { permission: 'users.invite' } },
      schema: { tags, response: { 200: userLatestEmployeeNumberReplySchema } },
    },
    async (request) => ok(await users.latestEmployeeNumber(scopeOf(request))),
  );
  app.get(
    '/Users/employee-number-exists',
    {
      config: { access: { permission: 'users.invite' } },
      schema: {
        tags,
        querystring: employeeNumberExistsQuerySchema,
        response: { 200: employeeNumberExistsReplySchema },
      },
    },
    async (request) =>
      ok({
        exists: await users.employeeNumberExists(scopeOf(request), request.query.employeeNumber, request.query.id),
      }),
  );
  app.get(
    '/Users/:id',
    {
      config: { access: { permission: 'users.viewProfile' } },
      schema: {
        tags,
        params: userIdPathSchema,
        response: { 200: employeeReplySchema },
      },
    },
    async (request) => ok(await users.profile(scopeOf(request), request.params.id)),
  );

  app.post(
    '/Users/roles/:userId/:roleId',
    {
      config: { access: { permission: 'users.setRole' } },
      schema: {
        tags,
        params: assignRolePathSchema,
        response: { 200: assignRoleReplySchema },
      },
    },
    async (request) => {
      await users.assignRole(scopeOf(request), request.params.userId, request.params.roleId as RoleId);
      return ok({ statusCode: 200 }, PEOPLE_MSG.roleAssigned);
    },
  );
  app.put(
    '/Users/:id/status',
    {
      config: { access: { permission: 'users.setStatus' } },
      schema: {
        tags,
        params: userIdPathSchema,
        body: userStatusBodySchema,
        response: { 200: userStatusReplySchema },
      },
    },
    async (request) => {
      const result = await users.setStatus(scopeOf(request), request.params.id, request.body.status);
      return ok(result, request.body.status === 2 ? PEOPLE_MSG.deactivated : PEOPLE_MSG.reactivated);
    },
  );
  app.delete(
    '/Users/:id',
    {
      config: { access: { permission: 'users.delete' } },
      schema: {
        tags,
        params: userIdPathSchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      await users.remove(scopeOf(request), request.params.id);
      return ok(null, PEOPLE_MSG.userDeleted);
    },
  );
  app.post(
    '/Users/:id/send-verification',
    {
      config: { access: { permission: 'users.sendVerification' } },
      schema: {
        tags,
        params: userIdPathSchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      await users.sendVerification(scopeOf(request), request.params.id);
      return ok(null, PEOPLE_MSG.verificationSent);
    },
  );
};
