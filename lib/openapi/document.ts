import { z } from 'zod';
import { ERROR_CODES } from '@/lib/http/action-result';
import { publicLimitOf, type Operation } from '@/lib/http/operation';
import { RELEASE } from '@/lib/version';
import { OPERATION_SETS } from './operations.generated';

/** Every documented REST call: the operation sets of every domain's operations.ts (scripts/operations-index.mjs lists them). */
export const ALL_OPERATIONS: Operation[] = OPERATION_SETS.flatMap((set) => Object.values(set));

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function toSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The session's visitor token (docs/widget.md): needed once the session's first answer handed it out. */
const VISITOR_TOKEN_PARAMETER = {
  name: 'X-Visitor-Token',
  in: 'header',
  required: false,
  description: "The visitor token of the session (the first answer's visitor_token, renewed in every answer's X-Visitor-Token header); 401 without it once the session has one",
  schema: { type: 'string' },
};

function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = toSchema(schema);
  return Object.entries(json.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: prop,
  }));
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body too large',
  429: 'Too many requests (see Retry-After)',
  502: 'The provider refused or failed',
  503: 'Not configured on this install',
};

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ALL_OPERATIONS) {
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: op.status === 204 ? { description: op.responseDescription ?? 'No content' } : { description: op.responseDescription ?? 'Success', content: { 'application/json': {} } },
    };
    for (const status of op.errors ?? []) {
      responses[String(status)] = { description: STATUS_TEXT[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPError' } } } };
    }
    const limit = publicLimitOf(op);
    if (limit) responses['429'] = { description: STATUS_TEXT[429], content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPError' } } } };
    if (op.body || op.query || op.params || op.multipart) {
      responses['422'] = { description: 'Validation error', content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } } };
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      summary: op.summary,
      tags: [op.tag],
      operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      security:
        op.auth === 'bearer' || op.auth === 'bearer-or-session'
          ? [{ bearerAuth: [] }]
          : op.auth === 'optional'
            ? [{ bearerAuth: [] }, {}]
            : op.auth === 'widget-key'
              ? [{ widgetKey: [] }]
              : [],
      ...(limit ? { 'x-rate-limit': { max: limit.max, window_seconds: limit.windowSeconds, per: 'client' } } : {}),
      parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query'), ...(op.visitor ? [VISITOR_TOKEN_PARAMETER] : [])],
      ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: toSchema(op.body) } } } } : {}),
      ...(op.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: {
                      [op.multipart.fileField]: { type: 'string', format: 'binary' },
                      ...Object.fromEntries(Object.entries(op.multipart.fields ?? {}).map(([k, d]) => [k, { type: 'string', description: d }])),
                    },
                    required: op.multipart.fileOptional ? [] : [op.multipart.fileField],
                  },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lantern API',
      version: RELEASE.version,
      description: `The REST surface of Lantern. Errors answer \`{"detail": "...", "code": "..."}\` (\`code\` is machine-readable: ${ERROR_CODES.join(', ')}); validation errors answer 422 with a list of \`{loc, msg, type}\`.`,
    },
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        widgetKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: "A school's widget key; browser calls must come from a site the school allows" },
      },
      schemas: {
        HTTPError: { type: 'object', properties: { detail: { type: 'string' }, code: { type: 'string', enum: [...ERROR_CODES] } }, required: ['detail'] },
        HTTPValidationError: {
          type: 'object',
          properties: {
            detail: {
              type: 'array',
              items: {
                type: 'object',
                properties: { loc: { type: 'array', items: { type: ['string', 'integer'] } }, msg: { type: 'string' }, type: { type: 'string' } },
                required: ['loc', 'msg', 'type'],
              },
            },
            code: { type: 'string', enum: ['validation'] },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
