import { describeBrowser, journey, newContext } from './harness';

describeBrowser('deep links', () => {
  const { server, browser } = journey();

  it.each(['/flight/12', '/fr/login', '/statistics'])('loads the app at %s', async (path) => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const response = await page.goto(server.url + path);
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    await context.close();
  });
});
