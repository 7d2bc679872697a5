import { expect, test } from '@playwright/test';

// What a load balancer and a container runtime ask the built app (docs/deploy.md).
test('liveness answers the release without the database; readiness answers once the database does', async ({ request }) => {
  const live = await request.get('/health');
  expect(live.status()).toBe(200);
  expect(await live.json()).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });

  const ready = await request.get('/health/ready');
  expect(ready.status()).toBe(200);
  expect(ready.headers()['cache-control']).toBe('no-store');
  expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite', latency_ms: expect.any(Number) });
});

test('the readiness check is listed in the API reference', async ({ request }) => {
  const doc = (await (await request.get('/openapi.json')).json()) as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> };
  expect(Object.keys(doc.paths['/health/ready']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '503']));
});
