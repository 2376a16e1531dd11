import type { Client, TestContext } from './app';
import { multipart } from './archives';

/** Uploads files as the pilot and waits until every analysis job has run. */
export async function uploadAndWait(ctx: TestContext, client: Client, files: { name: string; data: Buffer }[]): Promise<void> {
  const { payload, headers } = multipart(files);
  const res = await client.request('POST', '/api/FlightDetail/upload', payload, headers);
  if (res.statusCode !== 200) throw new Error(`Upload answered ${res.statusCode}: ${res.body}`);
  await ctx.services.queue.drain();
}
