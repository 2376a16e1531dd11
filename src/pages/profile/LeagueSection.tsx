import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { SCORING_RULES, isScoringRules } from '../../../contract/scoring';
import { leagueName } from '../../format/scoring-names';
import { api, errorMessage } from '../../api/base';
import { RESCORING_POLL_MS, useScoringPreferenceQuery, useSetScoringRulesMutation } from '../../api/scoring';
import { useAppDispatch } from '../../app/hooks';
import { Card, Form, Hint, Label, Select } from '../../components/ui';
import type { ToastMessage } from '../../components/Toast';

/** The league a pilot's flights are scored under, with the progress of re-scoring after a change. */
export function LeagueSection({ onToast }: { onToast: (toast: ToastMessage) => void }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { data } = useScoringPreferenceQuery();
  const rescoring = data?.rescoring ?? null;
  // Asked for again while flights are re-scored, so the progress moves.
  useScoringPreferenceQuery(undefined, { pollingInterval: rescoring ? RESCORING_POLL_MS : 0, skipPollingIfUnfocused: false });
  const [choose, { isLoading }] = useSetScoringRulesMutation();

  // Lists, statistics and achievements follow once re-scoring ends.
  const wasRescoring = useRef(false);
  useEffect(() => {
    if (wasRescoring.current && !rescoring) dispatch(api.util.invalidateTags(['Flight', 'Months', 'Statistics', 'Achievements']));
    wasRescoring.current = !!rescoring;
  }, [rescoring, dispatch]);

  const onChange = async (value: string) => {
    if (!isScoringRules(value)) return;
    try {
      await choose(value).unwrap();
      onToast({ tone: 'success', text: t`Scoring rules changed to ${leagueName(value)}.` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to change the scoring rules`) });
    }
  };

  return (
    <Card aria-labelledby="league-heading">
      <h2 id="league-heading">
        <Trans>Scoring</Trans>
      </h2>
      <Form as="div">
        <Label>
          <Trans>League rules your flights are scored under</Trans>
          <Select value={data?.scoringRules ?? ''} disabled={!data || isLoading} onChange={(e) => void onChange(e.target.value)} data-testid="league-select">
            {SCORING_RULES.map((rules) => (
              <option key={rules} value={rules}>
                {leagueName(rules)}
              </option>
            ))}
          </Select>
        </Label>
        <Hint>
          <Trans>Changing the rules scores all your flights again in the background.</Trans>
        </Hint>
        {rescoring && (
          <div role="status" data-testid="rescoring">
            <Label as="div" id="rescoring-label">
              <Trans>
                Re-scoring your flights: {rescoring.done} of {rescoring.total}
              </Trans>
            </Label>
            <progress aria-labelledby="rescoring-label" max={rescoring.total} value={rescoring.done} style={{ width: '100%' }} />
          </div>
        )}
      </Form>
    </Card>
  );
}
