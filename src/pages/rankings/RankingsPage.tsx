import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AIRCRAFT_CATEGORIES, DEFAULT_AIRCRAFT_CATEGORY, type AircraftCategory } from '../../../contract/aircraft';
import { GLIDER_CLASSES } from '../../../contract/gliders';
import type { RankingsQuery } from '../../../contract/rankings';
import { SCORING_RULES, type ScoringRules } from '../../../contract/scoring';
import { errorMessage } from '../../api/base';
import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { PublicPage } from '../../components/public-page';
import { Empty } from '../../components/statistics/statistics-blocks';
import { Alert, FieldPairs, Input, Label, Select, Spinner } from '../../components/ui';
import { selectUser } from '../../features/auth/authSlice';
import { useMyClubsQuery } from '../../api/clubs';
import { useRankingPlacesQuery, useRankingQuery } from '../../api/rankings';
import { CATEGORY_NAMES } from '../../features/aircraft/categoryNames';
import { leagueName } from '../../format/scoring-names';
import { RankingTable } from '../../features/clubs/RankingTable';

const thisYear = new Date().getFullYear();

/**
 * `/rankings`: the season ranking of the instance's public flights (docs/rankings-and-clubs.md), public.
 * The filters live in the address (`?season=&category=&league=&gliderClass=&place=&club=`), so a filtered ranking can be shared.
 * The place list is the season's most flown places; the club list is the signed-in pilot's clubs
 * (there is no public list of clubs: a club is found through its page or an invite).
 */
export default function RankingsPage() {
  const { t, i18n } = useLingui();
  const ids = { season: useId(), category: useId(), league: useId(), gliderClass: useId(), place: useId(), club: useId() };
  const [params, setParams] = useSearchParams();
  const season = Number(params.get('season')) || thisYear;
  const league = (SCORING_RULES as readonly string[]).includes(params.get('league') ?? '') ? (params.get('league') as ScoringRules) : undefined;
  const gliderClass = (GLIDER_CLASSES as readonly string[]).includes(params.get('gliderClass') ?? '') ? (params.get('gliderClass') as RankingsQuery['gliderClass']) : undefined;
  // Paragliders unless the address asks for another category: a sailplane never enters their ranking.
  const category = (AIRCRAFT_CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? (params.get('category') as AircraftCategory) : DEFAULT_AIRCRAFT_CATEGORY;
  const query: RankingsQuery = { season, category, league, gliderClass, place: params.get('place') ?? undefined, club: params.get('club') ?? undefined };
  const validSeason = season >= 1900 && season <= 2200;
  const ranking = useRankingQuery(query, { skip: !validSeason });
  const signedIn = !!useAppSelector(selectUser);
  const myClubs = useMyClubsQuery(undefined, { skip: !signedIn });
  const places = useRankingPlacesQuery({ season, category }, { skip: !validSeason });
  // A shared address may name a club or place that is not in the lists: it stays chosen, under its address.
  const clubChoices = [...(myClubs.currentData?.clubs ?? [])].map((c) => ({ value: c.slug, label: c.name }));
  if (query.club && !clubChoices.some((c) => c.value === query.club)) clubChoices.push({ value: query.club, label: query.club });
  const placeChoices = [...(places.currentData?.places ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((p) => ({ value: p.id, label: p.name }));
  if (query.place && !placeChoices.some((p) => p.value === query.place)) placeChoices.push({ value: query.place, label: t`Chosen place` });
  useDocumentTitle(t`Season ranking`);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <PublicPage>
      <h1>
        <Trans>Season ranking {season}</Trans>
      </h1>
      <p>
        <Trans>Each pilot’s six best public flights of the season add up; equal totals go to the better best flight.</Trans>
      </p>
      <FieldPairs style={{ marginBottom: 16 }}>
        <Label htmlFor={ids.season}>
          <Trans>Season</Trans>
        </Label>
        <Input id={ids.season} type="number" min={1900} max={2200} value={season} onChange={(e) => set('season', e.target.value)} />
        <Label htmlFor={ids.category}>
          <Trans>Aircraft</Trans>
        </Label>
        <Select id={ids.category} value={category} onChange={(e) => set('category', e.target.value === DEFAULT_AIRCRAFT_CATEGORY ? '' : e.target.value)}>
          {AIRCRAFT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {i18n._(CATEGORY_NAMES[c])}
            </option>
          ))}
        </Select>
        <Label htmlFor={ids.league}>
          <Trans>League</Trans>
        </Label>
        <Select id={ids.league} value={league ?? ''} onChange={(e) => set('league', e.target.value)}>
          {/* Without a choice the server ranks by the signed-in pilot's league, else by this site's. */}
          <option value="">{signedIn ? t`Your league` : t`This site’s league`}</option>
          {SCORING_RULES.map((rules) => (
            <option key={rules} value={rules}>
              {leagueName(rules, i18n)}
            </option>
          ))}
        </Select>
        <Label htmlFor={ids.gliderClass}>
          <Trans>Glider class</Trans>
        </Label>
        <Select id={ids.gliderClass} value={gliderClass ?? ''} onChange={(e) => set('gliderClass', e.target.value)}>
          <option value="">{t`All classes`}</option>
          {GLIDER_CLASSES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Label htmlFor={ids.place}>
          <Trans>Place</Trans>
        </Label>
        <Select id={ids.place} value={query.place ?? ''} onChange={(e) => set('place', e.target.value)}>
          <option value="">{t`All places`}</option>
          {placeChoices.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </Select>
        {(signedIn || query.club) && (
          <>
            <Label htmlFor={ids.club}>
              <Trans>Club</Trans>
            </Label>
            <Select id={ids.club} value={query.club ?? ''} onChange={(e) => set('club', e.target.value)}>
              <option value="">{t`All pilots`}</option>
              {clubChoices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </>
        )}
      </FieldPairs>
      <Section aria-labelledby="ranking-rows">
        <h2 id="ranking-rows">
          <Trans>Pilots</Trans>
        </h2>
        <div aria-live="polite">
          {ranking.isError ? (
            <Alert $tone="error" role="alert">
              {errorMessage(ranking.error, t`Failed to load the ranking`)}
            </Alert>
          ) : !ranking.currentData ? (
            <Spinner />
          ) : ranking.currentData.length > 0 ? (
            <RankingTable ranking={ranking.currentData} caption={t`Season ranking ${season}`} />
          ) : (
            <Empty>
              <Trans>No public scored flights in this season yet.</Trans>
            </Empty>
          )}
        </div>
      </Section>
    </PublicPage>
  );
}
