import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SKILL_MSG,
  emptyReplySchema,
  employeeSkillInputSchema,
  employeeSkillListReplySchema,
  employeeSkillPathSchema,
  employeeSkillQuerySchema,
  employeeSkillReplySchema,
  skillIdPathSchema,
  skillInputSchema,
  skillListReplySchema,
  skillReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { ok, okList } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/** Users > Skills management (paths in skills.contract.ts). */
export const skillRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const tags = ['Skills'];
  const config = { access: { permission: 'skills.manage' as const } };
  const svc = services.skills;
  app.get('/Skills', { config, schema: { tags, response: { 200: skillListReplySchema } } }, async (request) => {
    const list = await svc.list(scopeOf(request));
    return okList(list, list.length);
  });
  app.post(
    '/Skills',
    {
      config,
      schema: {
        tags,
        body: skillInputSchema,
        response: { 200: skillReplySchema },
      },
    },
    async (request) => ok(await svc.create(scopeOf(request), request.body), SKILL_MSG.created),
  );
  app.put(
    '/Skills/:id',
    {
      config,
      schema: {
        tags,
        params: skillIdPathSchema,
        body: skillInputSchema,
        response: { 200: skillReplySchema },
      },
    },
    async (request) => ok(await svc.update(scopeOf(request), request.params.id, request.body), SKILL_MSG.updated),
  );
  app.delete(
    '/Skills/:id',
    {
      config,
      schema: {
        tags,
        params: skillIdPathSchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      await svc.delete(scopeOf(request), request.params.id);
      return ok(null, SKILL_MSG.deleted);
    },
  );
  app.get(
    '/EmployeeSkills',
    {
      config,
      schema: {
        tags,
        querystring: employeeSkillQuerySchema,
        response: { 200: employeeSkillListReplySchema },
      },
    },
    async (request) => {
      const list = await svc.employeeSkills(scopeOf(request), request.query);
      return okList(list, list.length);
    },
  );
  app.put(
    '/EmployeeSkills',
    {
      config,
      schema: {
        tags,
        body: employeeSkillInputSchema,
        response: { 200: employeeSkillReplySchema },
      },
    },
    async (request) => ok(await svc.setLevel(scopeOf(request), request.body), SKILL_MSG.levelSaved),
  );
  app.delete(
    '/EmployeeSkills/:userId/:skillId',
    {
      config,
      schema: {
        tags,
        params: employeeSkillPathSchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      await svc.remove(scopeOf(request), request.params.userId, request.params.skillId);
      return ok(null, SKILL_MSG.removed);
    },
  );
};
