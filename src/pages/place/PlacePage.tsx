import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Place } from '../../../contract/community';
import { errorMessage } from '../../api/base';
import { usePlaceDayQuery, usePlaceQuery } from '../../api/places';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { NotFoundPage } from '../../components/NotFoundPage';
import { isNotFound, PublicPage } from '../../components/public-page';
import { Alert, Button, Input, Label, Row, Spinner } from '../../components/ui';
import { isDay } from '../../features/community/local-day';
import { DayFlightsSection, localToday } from '../../features/day-flights/DayFlightsSection';
import { localDateTime } from '../../format/format';

/** `/places/{id}`: a place shared by pilots (docs/community.md), public; an unknown place is not found. */
export default function PlacePage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const query = usePlaceQuery(id, { skip: !id });
  if (!id || isNotFound(query.error)) return <NotFoundPage />;
  if (!query.currentData) {
    return (
      <PublicPage>
        {query.isError ? (
          <Alert $tone="error" role="alert">
            {errorMessage(query.error, t`Failed to load the place`)}
          </Alert>
        ) : (
          <Spinner />
        )}
      </PublicPage>
    );
  }
  return <PlaceView place={query.currentData} />;
}

function PlaceView({ place }: { place: Place }) {
  const { t } = useLingui();
  const name = place.name;
  const season = place.season;
  useDocumentTitle(name);
  return (
    <PublicPage>
      <h1>{name}</h1>
      <p>
        <Plural value={place.pilotCount} one="# pilot flies here" other="# pilots fly here" />
      </p>
      <DayFlightsSection headingId="place-best" title={t`Best flights of ${season}`} flights={place.best} empty={t`No public flights yet.`} withDate />
      <PlaceDaySection place={place} />
    </PublicPage>
  );
}

/**
 * The flights of one day: `?day=YYYY-MM-DD` (a link from the feed), else the place's most recent day with
 * public flights (today is nearly always empty), else today; the recent days with flights one click away.
 */
function PlaceDaySection({ place }: { place: Place }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const id = place.id;
  const [params, setParams] = useSearchParams();
  const [date, setDateState] = useState(() => {
    const asked = params.get('day');
    return isDay(asked) ? asked : (place.days[0]?.date ?? localToday());
  });
  const setDate = (value: string) => {
    setDateState(value);
    if (isDay(value)) setParams({ day: value }, { replace: true });
  };
  const valid = isDay(date);
  const query = usePlaceDayQuery({ id, date }, { skip: !valid });
  return (
    <DayFlightsSection
      headingId="place-day"
      title={t`Flights of the day`}
      flights={valid ? query.currentData?.flights : undefined}
      empty={t`No public flights on this day.`}
      live
      status={
        query.isError ? (
          <Alert $tone="error" role="alert">
            {errorMessage(query.error, t`Failed to load the flights of this day`)}
          </Alert>
        ) : valid && !query.currentData ? (
          <Spinner />
        ) : undefined
      }
    >
      <Label htmlFor={inputId}>
        <Trans>Day</Trans>
      </Label>
      <Input id={inputId} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      {place.days.length > 0 && (
        <Row role="group" aria-label={t`Recent days with flights`} style={{ margin: '10px 0', gap: 8 }}>
          {place.days.slice(0, 7).map((d) => (
            <Button key={d.date} type="button" $variant={d.date === date ? undefined : 'secondary'} aria-pressed={d.date === date} onClick={() => setDate(d.date)}>
              {localDateTime(`${d.date}T12:00:00.000Z`, i18n.locale, 'UTC', false)} ({d.count})
            </Button>
          ))}
        </Row>
      )}
    </DayFlightsSection>
  );
}
