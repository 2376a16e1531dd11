import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { SCORING_RULES } from '../../../contract/scoring';
import { leagueName } from '../../format/scoring-names';
import { api } from '../../api/base';
import { RESCORING_POLL_MS, useScoringPreferenceQuery, useSetScoringRulesMutation } from '../../api/scoring';
import { useAppDispatch } from '../../app/hooks';
import { Hint, Label } from '../../components/ui';
import type { ToastMessage } from '../../components/Toast';
import { SettingSection, SettingSelect, useSaveWithToast } from './SettingSection';

/** The league a pilot's flights are scored under, with the progress of re-scoring after a change. */
export function LeagueSection({ onToast }: { onToast: (toast: ToastMessage) => void }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { data } = useScoringPreferenceQuery();
  const rescoring = data?.rescoring ?? null;
  // Asked for again while flights are re-scored, so the progress moves.
  useScoringPreferenceQuery(undefined, { pollingInterval: rescoring ? RESCORING_POLL_MS : 0, skipPollingIfUnfocused: false });
  const [choose, { isLoading }] = useSetScoringRulesMutation();
  const saveWithToast = useSaveWithToast(onToast);

  // Lists, statistics and achievements follow once re-scoring ends.
  const wasRescoring = useRef(false);
  useEffect(() => {
    if (wasRescoring.current && !rescoring) dispatch(api.util.invalidateTags(['Flight', 'Months', 'Statistics', 'Achievements']));
    wasRescoring.current = !!rescoring;
  }, [rescoring, dispatch]);

  return (
    <SettingSection headingId="league-heading" title={<Trans>Scoring</Trans>}>
      <SettingSelect
        label={<Trans>League rules your flights are scored under</Trans>}
        value={data?.scoringRules ?? ''}
        options={SCORING_RULES}
        optionLabel={leagueName}
        disabled={!data || isLoading}
        onChoose={(rules) => void saveWithToast(() => choose(rules).unwrap(), t`Scoring rules changed to ${leagueName(rules)}.`, t`Failed to change the scoring rules`)}
        testId="league-select"
      />
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
    </SettingSection>
  );
}
