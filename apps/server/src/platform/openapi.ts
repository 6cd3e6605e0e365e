import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod → OpenAPI transform, plus what a reader of the document needs to call an operation:
 * `x-access` (the route's declared access: public, permission, feature), `x-consumes` (multipart
 * routes read their body themselves, so it has no schema) and `security: []` on public routes.
 * The security suite (testing/security.int.test.ts) reads these to cover every operation.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const config = input.route.config as { access?: Record<string, unknown> } | undefined;
  const access = config?.access ?? {};
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  const schema: Record<string, unknown> = { ...(result.schema as Record<string, unknown>), 'x-access': access };
  if (consumes) schema['x-consumes'] = consumes;
  if (access.public === true) schema.security = [];
  return { ...result, schema } as ReturnType<typeof jsonSchemaTransform>;
}
