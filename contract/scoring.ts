import { z } from 'zod';

/** Every rule set igc-xc-score provides, with the name pilots know it by. */
export const SCORING_RULES = ['XContest', 'FFVL', 'FAI', 'FAI-Cylinders', 'FAI-OAR', 'FAI-OAR2', 'XCLeague'] as const;
export type ScoringRules = (typeof SCORING_RULES)[number];
export const SCORING_RULE_NAMES: Record<ScoringRules, string> = {
  XContest: 'XContest',
  FFVL: 'FFVL CFD',
  FAI: 'FAI triangles (free distance, FAI triangle)',
  'FAI-Cylinders': 'FAI with 400 m cylinders',
  'FAI-OAR': 'FAI out and return',
  'FAI-OAR2': 'FAI out and return (2 turnpoints)',
  XCLeague: 'UK XC League',
};
/** The flight types igc-xc-score names by code, in English (CSV export, link previews; the app translates its own). */
export const FLIGHT_TYPE_NAMES: Record<string, string> = { od: 'Free distance', oar: 'Out and return', tri: 'Flat triangle', fai: 'FAI triangle' };
export const flightTypeName = (code: string) => FLIGHT_TYPE_NAMES[code] ?? code;
export const isScoringRules = (v: unknown): v is ScoringRules => typeof v === 'string' && (SCORING_RULES as readonly string[]).includes(v);

/** GET /api/profile/scoring and the answer of PUT. */
export const scoringPreference = z.object({
  scoringRules: z.enum(SCORING_RULES),
  /** Background re-scoring after a change; null when nothing is left to do. */
  rescoring: z.object({ total: z.number(), done: z.number() }).nullable(),
});
export type ScoringPreference = z.infer<typeof scoringPreference>;
export const scoringPreferenceBody = z.object({ scoringRules: z.enum(SCORING_RULES, { error: `Scoring rules must be one of ${SCORING_RULES.join(', ')}.` }) });
