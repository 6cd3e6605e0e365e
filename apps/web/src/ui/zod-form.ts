import type { z } from 'zod';

/**
 * The first message per field of a zod schema, in the shape Mantine's useForm `validate` returns.
 * Lets forms validate with the shared contract schemas instead of copies of their rules.
 */
export function zodFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
