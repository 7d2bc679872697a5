import { buildOpenApiDocument } from '@/lib/openapi/document';

let cached: string | undefined;

export function GET(): Response {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return new Response(cached, { headers: { 'content-type': 'application/json' } });
}
