import { startTestApp, type TestContext } from './helpers/app';

/**
 * Every route declares its `response` schemas (contract/), so every answer is serialised through the
 * contract and TypeScript checks what each handler returns. Walks the route table, so a new route
 * cannot be left out.
 */
describe('response schemas', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp('sqlite', {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('are declared by every API route', () => {
    const api = ctx.app.routeTable.filter((r) => r.url.toLowerCase().startsWith('/api/'));
    expect(api.length).toBeGreaterThan(30);
    expect(api.filter((r) => !r.hasResponseSchema).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
