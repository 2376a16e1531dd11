import type { Client, TestContext } from './app';
import { multipart } from './archives';

/** Uploads files as the pilot and waits until every analysis job has run. */
export async function uploadAndWait(ctx: TestContext, client: Client, files: { name: string; data: Buffer }[]): Promise<void> {
  const { payload, headers } = multipart(files);
  const res = await client.request('POST', '/api/FlightDetail/upload', payload, headers);
  if (res.statusCode !== 200) throw new Error(`Upload answered ${res.statusCode}: ${res.body}`);
  await ctx.services.queue.drain();
}

/**
 * Uploads one file that holds one flight, waits for its analysis and answers the new flight's id and
 * status; with `visibility`, sets it (PATCH, as the pilot would).
 */
export async function uploadFlight(ctx: TestContext, client: Client, file: { name: string; data: Buffer }, visibility?: 'public' | 'link' | 'private'): Promise<{ id: number; status: string }> {
  const ids = async () => (await client.get('/api/FlightDetail')).json() as { id: number; status: string }[];
  const before = new Set((await ids()).map((f) => f.id));
  await uploadAndWait(ctx, client, [file]);
  const added = (await ids()).filter((f) => !before.has(f.id));
  if (added.length !== 1) throw new Error(`Expected one new flight from ${file.name}, got ${added.length}`);
  const flight = added[0]!;
  if (visibility) {
    const res = await client.request('PATCH', `/api/FlightDetail/${flight.id}`, { visibility });
    if (res.statusCode !== 200) throw new Error(`Setting visibility answered ${res.statusCode}: ${res.body}`);
  }
  return flight;
}
