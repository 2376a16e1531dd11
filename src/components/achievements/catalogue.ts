import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AchievementGroup } from '../../../contract/achievements';

// What the app says about each achievement of the server's catalogue
// (server/src/achievements/catalogue.ts; a test checks both agree on ids and goals).

type Unit = 'count' | 'seconds' | 'km' | 'm';

export interface AchievementText {
  title: MessageDescriptor;
  description: MessageDescriptor;
  unit: Unit;
  /** Bronze to Diamond, in the unit the server measures (seconds for time). */
  goals: [number, number, number, number, number];
  /** A goal in words; `amount` is the goal already formatted in the achievement's unit, `count` the plain number. */
  goal: MessageDescriptor;
}

const h = (hours: number) => hours * 3600;

export const ACHIEVEMENT_TEXT: Record<string, AchievementText> = {
  flights: { title: msg`Frequent Flyer`, description: msg`Log flights: every analysed flight counts.`, unit: 'count', goals: [1, 10, 50, 100, 250], goal: msg({ message: '{count, plural, one {# flight} other {# flights}}' }) },
  sites: { title: msg`Explorer`, description: msg`Launch from different sites.`, unit: 'count', goals: [1, 3, 5, 10, 25], goal: msg({ message: '{count, plural, one {# launch site} other {# launch sites}}' }) },
  airtime: { title: msg`Airtime`, description: msg`Collect hours in the air.`, unit: 'seconds', goals: [h(10), h(50), h(100), h(250), h(500)], goal: msg({ message: '{amount} in the air' }) },
  'longest-flight': { title: msg`Endurance`, description: msg`Stay up longer in a single flight.`, unit: 'seconds', goals: [h(1), h(2), h(3), h(5), h(8)], goal: msg({ message: 'a single flight of {amount}' }) },
  'xc-distance': { title: msg`Cross-Country`, description: msg`Fly further cross-country in a single flight.`, unit: 'km', goals: [10, 25, 50, 100, 200], goal: msg({ message: '{amount} cross-country in one flight' }) },
  altitude: { title: msg`Cloudbase`, description: msg`Climb higher above sea level.`, unit: 'm', goals: [1500, 2000, 3000, 4000, 5000], goal: msg({ message: '{amount} above sea level' }) },
  'fai-triangles': { title: msg`Triangle Master`, description: msg`Close FAI triangles.`, unit: 'count', goals: [1, 5, 10, 25, 50], goal: msg({ message: '{count, plural, one {# FAI triangle} other {# FAI triangles}}' }) },
  thermals: { title: msg`Thermal Hunter`, description: msg`Turn in thermals, left and right.`, unit: 'count', goals: [100, 500, 1000, 5000, 10000], goal: msg({ message: '{count, plural, one {# thermal turn} other {# thermal turns}}' }) },
};

/** SPEC §3 tiers: 0 None, 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond. */
export const TIER_LABELS: MessageDescriptor[] = [msg`None`, msg`Bronze`, msg`Silver`, msg`Gold`, msg`Platinum`, msg`Diamond`];
export const TIER_COLOURS = ['#9aa6b4', '#cd7f32', '#a8b0b8', '#e0b000', '#7f9cad', '#3fb6d9'] as const;

export const clampTier = (level: number) => Math.max(0, Math.min(5, Math.round(level || 0)));
export const tierLabel = (level: number, i18n: I18n) => i18n._(TIER_LABELS[clampTier(level)]!);

export const ACHIEVEMENT_GROUPS: AchievementGroup[] = ['flight', 'time', 'distance', 'altitude', 'skills'];
export const GROUP_LABELS: Record<'all' | AchievementGroup, MessageDescriptor> = {
  all: msg`All`,
  flight: msg`Flight`,
  time: msg`Time`,
  distance: msg`Distance`,
  altitude: msg`Altitude`,
  skills: msg`Skills`,
};

export function achievementTitle(id: string, fallback: string, i18n: I18n): string {
  const text = ACHIEVEMENT_TEXT[id];
  return text ? i18n._(text.title) : fallback;
}

export function achievementDescription(id: string, i18n: I18n): string {
  const text = ACHIEVEMENT_TEXT[id];
  return text ? i18n._(text.description) : '';
}

/** An amount in the achievement's unit, for people: hours for time, km, m or a plain count. */
export function formatAmount(id: string, value: number, locale: string): string {
  const unit = ACHIEVEMENT_TEXT[id]?.unit ?? 'count';
  const number = (n: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  switch (unit) {
    case 'seconds':
      return `${number(value / 3600, 1)} h`;
    case 'km':
      return `${number(value, 1)} km`;
    case 'm':
      return `${number(value)} m`;
    default:
      return number(value);
  }
}

/** The goal of a tier (1 Bronze to 5 Diamond), or null when unknown. */
export function goalOf(id: string, level: number): number | null {
  const goals = ACHIEVEMENT_TEXT[id]?.goals;
  const tier = clampTier(level);
  return goals && tier >= 1 ? goals[tier - 1]! : null;
}

/** The goal of a tier in words ('50 flights', '10 h in the air'), or null when unknown. */
export function goalText(id: string, level: number, i18n: I18n): string | null {
  const goal = goalOf(id, level);
  const text = ACHIEVEMENT_TEXT[id];
  if (goal === null || !text) return null;
  return i18n._({ ...text.goal, values: { count: goal, amount: formatAmount(id, goal, i18n.locale) } });
}
