/**
 * Reading the served OpenAPI document for the security suite: the operations with their declared
 * access, and a plausible sample value for a JSON schema (fixtures override the fields that need
 * real ids or patterns the sampler cannot satisfy).
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
}

export interface OperationAccess {
  public?: boolean;
  permission?: string;
  feature?: string;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /backend/api/Shifts/{id}. */
  path: string;
  /** The fixture key: method and path without the API prefix, e.g. "PUT /Shifts/{id}". */
  key: string;
  access: OperationAccess;
  pathParams: string[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  multipart: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> }; 'x-access'?: OperationAccess; 'x-consumes'?: string[] }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function readOperations(doc: unknown, prefix: string): { operations: Operation[]; resolve: (s: JsonSchema) => JsonSchema } {
  const d = doc as OpenApiDocument;
  const resolve = (s: JsonSchema): JsonSchema => {
    if (s.$ref) {
      const name = s.$ref.split('/').pop() ?? '';
      const target = d.components?.schemas?.[name];
      if (!target) throw new Error(`unresolved $ref ${s.$ref}`);
      return resolve(target);
    }
    return s;
  };
  const operations: Operation[] = [];
  for (const [path, ops] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path.slice(prefix.length)}`,
        access: op['x-access'] ?? {},
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        multipart: (op['x-consumes'] ?? []).includes('multipart/form-data'),
      });
    }
  }
  return { operations, resolve };
}

/** A value the schema accepts where the sampler can tell (formats, enums, bounds); every property is filled. */
export function sampleOf(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const nonNull = alternatives.find((a) => resolve(a).type !== 'null');
    return sampleOf(nonNull ?? alternatives[0] ?? {}, resolve, depth + 1);
  }
  if (s.allOf) return Object.assign({}, ...s.allOf.map((a) => sampleOf(a, resolve, depth + 1) as object));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleOf(v, resolve, depth + 1);
      return out;
    }
    case 'array':
      return s.items ? Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sampleOf(s.items ?? {}, resolve, depth + 1)) : [];
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.maximum !== undefined ? Math.min(min, s.maximum) : min;
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(s);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'uuid':
      return '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';
    case 'email':
      return 'someone@example.in';
    case 'date':
      return '2026-04-15';
    case 'date-time':
      return '2026-04-15T09:00:00.000Z';
    default: {
      const length = Math.max(s.minLength ?? 1, 3);
      return 'Sample'.padEnd(length, 'x').slice(0, s.maxLength ?? length);
    }
  }
}

/** The top-level properties of a JSON body schema (object, or the first object among alternatives). */
export function bodyProperties(schema: JsonSchema | null, resolve: (s: JsonSchema) => JsonSchema): Record<string, JsonSchema> {
  if (!schema) return {};
  const s = resolve(schema);
  if (s.properties) return s.properties;
  for (const a of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    const p = bodyProperties(a, resolve);
    if (Object.keys(p).length > 0) return p;
  }
  return {};
}
