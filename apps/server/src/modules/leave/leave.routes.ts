import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../app';

export const leaveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (_app, _opts) => {};
