import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../app';

export const requestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (_app, _opts) => {};
