import { z } from 'zod';

/** GET /api/config: what the app needs to know about this instance before anyone signs in. */
export const appConfig = z.object({
  devLogin: z.boolean(),
  googleLogin: z.boolean(),
  tiles: z.object({ street: z.string(), topo: z.string(), satellite: z.string() }),
});
export type AppConfig = z.infer<typeof appConfig>;

export const healthResponse = z.object({ status: z.literal('ok') });
