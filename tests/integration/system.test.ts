import { describe, expect, it } from 'vitest';
import * as healthRoute from '@/app/(rest)/health/route';
import * as openapiRoute from '@/app/openapi.json/route';
import pkg from '@/package.json';

describe('health and the API document', () => {
  it('answers version, codename, release date and the model in use', async () => {
    const res = await healthRoute.GET(new Request('http://localhost:3000/health'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      version: pkg.version,
      codename: expect.any(String),
      release_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      model: { mode: 'local', name: 'local', label: expect.stringMatching(/^Local model/) },
    });
  });

  it('documents every REST route with its request schema', async () => {
    const doc = await openapiRoute.GET().json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const p of ['/auth/login', '/auth/users/{id}/password', '/schools/', '/health', '/contact', '/auth/validate-password', '/api/widget/chat', '/chatbot/current-key', '/lead-gen/settings']) expect(paths).toContain(p);
    expect(doc.paths['/api/widget/chat'].post.security).toEqual([{ widgetKey: [] }]);
    const create = doc.paths['/auth/users'].post;
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(create.requestBody.content['application/json'].schema.properties.role.enum).toEqual(['user', 'admin', 'superuser']);
    expect(create.responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/HTTPValidationError');
    expect(doc.paths['/auth/users/{id}'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});
