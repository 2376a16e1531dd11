import { Trans, useLingui } from '@lingui/react/macro';
import type { ReasonChange, ResetAllResponse, ResetCompletedResponse, RevalidateAllResponse } from '../../../contract/debug';
import { localDateTime } from '../../format/format';
import { removalReasonLabel } from '../../format/removal-reasons';
import { Numbers, Pair, ResultTable, Scroll } from './debug-blocks';

// What the validation tools answer, shown under their buttons.

const useReasonLabel = () => {
  const { i18n } = useLingui();
  return (r: number | null) => removalReasonLabel(r ?? 0, (d) => i18n._(d));
};

function ReasonChanges({ changes }: { changes: ReasonChange[] }) {
  const { t } = useLingui();
  const reason = useReasonLabel();
  if (!changes.length) return null;
  return (
    <Scroll>
      <ResultTable aria-label={t`Changed flights`}>
        <thead>
          <tr>
            <th scope="col">{t`Flight ID`}</th>
            <th scope="col">{t`Old reason`}</th>
            <th scope="col">{t`New reason`}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.flightId}>
              <td>{c.flightId}</td>
              <td>{reason(c.oldRemovalReason)}</td>
              <td>{reason(c.newRemovalReason)}</td>
            </tr>
          ))}
        </tbody>
      </ResultTable>
    </Scroll>
  );
}

export function RevalidatedFlight({ data }: { data: ReasonChange }) {
  const reason = useReasonLabel();
  const { flightId } = data;
  const oldReason = reason(data.oldRemovalReason);
  const newReason = reason(data.newRemovalReason);
  return (
    <p style={{ margin: 0 }} data-testid="revalidate-one-result">
      <Trans>
        Flight {flightId}: {oldReason} → {newReason}
      </Trans>
    </p>
  );
}

export function RevalidatedAll({ data }: { data: RevalidateAllResponse }) {
  const { processedCount, changedCount } = data;
  return (
    <>
      <p style={{ margin: 0 }}>
        <Trans>
          Processed: {processedCount} · Changed: {changedCount}
        </Trans>
      </p>
      <ReasonChanges changes={data.changes ?? []} />
    </>
  );
}

export function ResetFlights({ data }: { data: ResetCompletedResponse }) {
  const { t, i18n } = useLingui();
  const { processedCount } = data;
  return (
    <>
      <p style={{ margin: 0 }}>
        <Trans>Processed: {processedCount}</Trans>
      </p>
      {data.resetFlights?.length > 0 && (
        <Scroll>
          <ResultTable aria-label={t`Reset flights`}>
            <thead>
              <tr>
                <th scope="col">{t`Flight ID`}</th>
                <th scope="col">{t`Start time`}</th>
                <th scope="col">{t`Old status`}</th>
                <th scope="col">{t`New status`}</th>
              </tr>
            </thead>
            <tbody>
              {data.resetFlights.map((f) => (
                <tr key={f.flightId}>
                  <td>{f.flightId}</td>
                  <td>{localDateTime(f.startTime, i18n.locale, 'UTC')} UTC</td>
                  <td>{f.oldStatus}</td>
                  <td>{f.newStatus}</td>
                </tr>
              ))}
            </tbody>
          </ResultTable>
        </Scroll>
      )}
    </>
  );
}

export function ResetDetails({ data }: { data: ResetAllResponse }) {
  const { t } = useLingui();
  if (!data.details) return null;
  return (
    <Numbers aria-label={t`Reset details`} style={{ maxWidth: 360 }}>
      <Pair label={t`Flights reset`} value={data.details.flightsReset} />
      <Pair label={t`Features deleted`} value={data.details.featuresDeleted} />
      <Pair label={t`Coordinates deleted`} value={data.details.coordinatesDeleted} />
      <Pair label={t`Feature geometries deleted`} value={data.details.featureGeometriesDeleted} />
      <Pair label={t`Feature properties deleted`} value={data.details.featurePropertiesDeleted} />
    </Numbers>
  );
}
