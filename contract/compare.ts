import { z } from 'zod';
import { publicPilotRef } from './community';

/**
 * Compare and replay (docs/compare.md): up to COMPARE_MAX flights on one map and one height profile,
 * on a shared time axis. The pilot's own flights are asked for by id, other pilots' public flights by
 * their share token; a page of public flights only is shareable (its link names tokens only).
 */
export const COMPARE_MAX = 10;

/** An own flight's id ("123") or a share token (base64url). */
export type CompareRef = { id: number } | { token: string };
const REF = /^(\d{1,12}|[A-Za-z0-9_-]{8,100})$/;

/** GET /api/compare?f=ID,token,…: duplicates count once. */
export const compareQuery = z.object({
  f: z
    .string({ error: 'Say which flights to compare: f=ID,token,…' })
    .max(2000, `You can compare at most ${COMPARE_MAX} flights.`)
    .transform((v, ctx): CompareRef[] => {
      const parts = [...new Set(v.split(',').map((p) => p.trim()).filter(Boolean))];
      if (parts.length === 0) ctx.addIssue({ code: 'custom', message: 'Say which flights to compare: f=ID,token,…' });
      else if (parts.length > COMPARE_MAX) ctx.addIssue({ code: 'custom', message: `You can compare at most ${COMPARE_MAX} flights.` });
      else if (parts.some((p) => !REF.test(p))) ctx.addIssue({ code: 'custom', message: 'Each flight is a flight id or a share token.' });
      else return parts.map((p) => (/^\d+$/.test(p) ? { id: Number(p) } : { token: p }));
      return z.NEVER;
    }),
});

/**
 * The low-resolution track as parallel arrays: t seconds from the flight's start, latitude and
 * longitude in degrees, altitude in metres (GPS, else pressure). Full resolution is the flight's own
 * features route.
 */
export const compareTrack = z.object({ t: z.array(z.number()), lat: z.array(z.number()), lon: z.array(z.number()), alt: z.array(z.number()) });
export type CompareTrack = z.infer<typeof compareTrack>;

export const compareFlight = z.object({
  /** What was asked for: the own flight's id or the token. */
  ref: z.string(),
  /** The share token of a public flight (for a shareable link), else null. */
  token: z.string().nullable(),
  pilot: publicPilotRef,
  /** 0-9: the flight's colour, in the order asked. */
  colourIndex: z.number(),
  startTime: z.string(),
  timeZone: z.string().nullable(),
  /** Seconds from the shared timeline's zero to this flight's start. */
  offset: z.number(),
  track: compareTrack,
});
export type CompareFlight = z.infer<typeof compareFlight>;

/** clock: all flights on one local day, aligned by time of day; takeoff: different days, each from its takeoff. */
export const compareAnswer = z.object({ alignment: z.enum(['clock', 'takeoff']), shareable: z.boolean(), flights: z.array(compareFlight) });
export type CompareAnswer = z.infer<typeof compareAnswer>;
