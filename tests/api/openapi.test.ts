// The API reference: the OpenAPI description generated from the route schemas, and its browsable page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface OpenApi {
  tags: { name: string }[];
  paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
}

it('describes every route under its resource tag, with its answers and the error shape', async () => {
  const response = await call(t.app, { url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json<OpenApi>();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  expect(operations.length).toBe(t.routes.length);
  const tagNames = doc.tags.map((tag) => tag.name);
  for (const { path, method, op } of operations) {
    expect(op.tags?.length, `${method} ${path}`).toBe(1);
    expect(tagNames).toContain(op.tags![0]);
    expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['4XX', '5XX']));
  }
  expect(doc.paths['/api/courses/{courseId}/modules']?.['get']?.tags).toEqual(['Módulos']);
});

it('serves a browsable reference at /api/docs, with its scripts and styles', async () => {
  const page = await call(t.app, { url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const assets = [...page.body.matchAll(/(?:href|src)="([^"]+\.(?:css|js))"/g)].map((match) => match[1]!);
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    expect(asset.startsWith('/api/docs/') || asset.startsWith('./'), asset).toBe(true);
    const url = asset.startsWith('./') ? `/api/docs/${asset.slice(2)}` : asset;
    expect((await call(t.app, { url })).statusCode, url).toBe(200);
  }
});
