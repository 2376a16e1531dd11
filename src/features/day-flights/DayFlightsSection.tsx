import type { ReactNode } from 'react';
import type { PublicFlightRef } from '../../../contract/community';
import { Section } from '../../components/layout';
import { Empty } from '../../components/statistics/statistics-blocks';
import { PublicFlightTable } from '../nearby/PublicFlightTable';

/** Today in the visitor's own calendar (YYYY-MM-DD): a club's or a place's "today" is theirs, not the server's. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Public flights of a day or a week as the club and place pages show them (docs/community.md,
 * docs/rankings-and-clubs.md): a headed section with the flights in a table, else a sentence.
 * `children` come between the heading and the table (a day picker); `flights` undefined shows nothing
 * there yet (the caller shows its spinner or error in `status`).
 */
export function DayFlightsSection({
  headingId,
  title,
  flights,
  empty,
  withDate = false,
  children,
  status,
  live = false,
}: {
  headingId: string;
  title: string;
  flights: PublicFlightRef[] | undefined;
  empty: string;
  withDate?: boolean;
  children?: ReactNode;
  status?: ReactNode;
  live?: boolean;
}) {
  const body = status ?? (flights === undefined ? null : flights.length > 0 ? <PublicFlightTable flights={flights} caption={title} withDate={withDate} /> : <Empty>{empty}</Empty>);
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
      {live ? <div aria-live="polite">{body}</div> : body}
    </Section>
  );
}
