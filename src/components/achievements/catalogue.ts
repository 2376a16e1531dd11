import { msg, plural, t } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { altitude, distance, toDistance } from '../../format/units';
import { achievementById, type AchievementGroup, type AchievementId } from '../../../contract/achievements';

// What the app says about each achievement of the catalogue (contract/achievements.ts holds the
// ids, groups, units and goals the server measures).

export interface AchievementText {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export const ACHIEVEMENT_TEXT: Record<AchievementId, AchievementText> = {
  flights: { title: msg`Frequent Flyer`, description: msg`Log flights: every analysed flight counts.` },
  sites: { title: msg`Explorer`, description: msg`Launch from different sites.` },
  airtime: { title: msg`Airtime`, description: msg`Collect hours in the air.` },
  'longest-flight': { title: msg`Endurance`, description: msg`Stay up longer in a single flight.` },
  'xc-distance': { title: msg`Cross-Country`, description: msg`Fly further cross-country in a single flight.` },
  altitude: { title: msg`Cloudbase`, description: msg`Climb higher above sea level.` },
  'fai-triangles': { title: msg`Triangle Master`, description: msg`Close FAI triangles.` },
  thermals: { title: msg`Thermal Hunter`, description: msg`Turn in thermals, left and right.` },
};
const textOf = (id: string): AchievementText | undefined => ACHIEVEMENT_TEXT[id as AchievementId];

/** docs/product.md §3 tiers: 0 None, 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond. */
export const TIER_LABELS: MessageDescriptor[] = [msg`None`, msg`Bronze`, msg`Silver`, msg`Gold`, msg`Platinum`, msg`Diamond`];
export const TIER_COLOURS = ['#9aa6b4', '#cd7f32', '#a8b0b8', '#e0b000', '#7f9cad', '#3fb6d9'] as const;

export const clampTier = (level: number) => Math.max(0, Math.min(5, Math.round(level || 0)));
export const tierLabel = (level: number, i18n: I18n) => i18n._(TIER_LABELS[clampTier(level)]!);

export { ACHIEVEMENT_GROUPS } from '../../../contract/achievements';
export const GROUP_LABELS: Record<'all' | AchievementGroup, MessageDescriptor> = {
  all: msg`All`,
  flight: msg`Flight`,
  time: msg`Time`,
  distance: msg`Distance`,
  altitude: msg`Altitude`,
  skills: msg`Skills`,
};

export function achievementTitle(id: string, fallback: string, i18n: I18n): string {
  const text = textOf(id);
  return text ? i18n._(text.title) : fallback;
}

export function achievementDescription(id: string, i18n: I18n): string {
  const text = textOf(id);
  return text ? i18n._(text.description) : '';
}

/**
 * An amount in the achievement's unit, for people: hours for time, a distance or an altitude in the
 * pilot's units (docs/units.md: one formatting path for every number a pilot reads), or a plain count.
 */
export function formatAmount(id: string, value: number, locale: string): string {
  const unit = achievementById(id)?.unit ?? 'count';
  const number = (n: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  switch (unit) {
    case 'seconds':
      return `${number(value / 3600, 1)} h`;
    case 'km':
      return distance(value, Number.isInteger(toDistance(value)) ? 0 : 1);
    case 'm':
      return altitude(value);
    default:
      return number(value);
  }
}

/** The goal of a tier (1 Bronze to 5 Diamond), or null when unknown. */
export function goalOf(id: string, level: number): number | null {
  const goals = achievementById(id)?.goals;
  const tier = clampTier(level);
  return goals && tier >= 1 ? goals[tier - 1]! : null;
}

/** The goal of a tier in words ('50 flights', '10 h in the air'), or null when unknown. Uses the app's (global) i18n. */
export function goalText(id: string, level: number, i18n: I18n): string | null {
  const count = goalOf(id, level);
  if (count === null) return null;
  const amount = formatAmount(id, count, i18n.locale);
  switch (id) {
    case 'flights':
      return plural(count, { one: '# flight', other: '# flights' });
    case 'sites':
      return plural(count, { one: '# launch site', other: '# launch sites' });
    case 'airtime':
      return t`${amount} in the air`;
    case 'longest-flight':
      return t`a single flight of ${amount}`;
    case 'xc-distance':
      return t`${amount} cross-country in one flight`;
    case 'altitude':
      return t`${amount} above sea level`;
    case 'fai-triangles':
      return plural(count, { one: '# FAI triangle', other: '# FAI triangles' });
    case 'thermals':
      return plural(count, { one: '# thermal turn', other: '# thermal turns' });
    default:
      return null;
  }
}
