// Imported first by the browser benches: e2e/harness.ts reads CHROMIUM_PATH when loaded and declares
// journeys with jest's describe, which outside jest is a no-op.
process.env.CHROMIUM_PATH ??= '/usr/bin/chromium';
const g = globalThis as unknown as { describe?: unknown };
if (!g.describe) g.describe = Object.assign(() => undefined, { skip: () => undefined });
export {};
