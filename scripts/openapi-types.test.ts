import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test/app.ts';
import { API_TYPES_FILE, apiTypes } from './openapi-types.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

it('the committed client types are those of the document the routes produce', async () => {
  const live = await apiTypes(t.app.swagger());
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  // A route whose contract changed without `npm run openapi:types` lands here.
  expect(committed === live, 'common/api-v1-types.ts is stale: run npm run openapi:types').toBe(
    true,
  );
  expect(committed).toContain("'/api/v1/my-connections': {");
});
