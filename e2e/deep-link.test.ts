import type { Browser } from 'playwright-core';
import { describeBrowser, launchBrowser, newContext, startServer, type RunningServer } from './harness';

describeBrowser('deep links', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['/flight/12', '/fr/login', '/statistics'])('loads the app at %s', async (path) => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const response = await page.goto(server.url + path);
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    await context.close();
  });
});
