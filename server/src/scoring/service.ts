import type { ScoringPreference, ScoringRules } from '../../../contract/scoring';
import type { Services } from '../services-types';
import { leagueOf } from '../ingest';
import { enqueueForPilot, RESCORE_PILOT } from './jobs';
import * as repo from './repository';

/** The pilot's league and the progress of re-scoring their flights under it. */
export function scoringService(services: Pick<Services, 'ingest' | 'queue'>) {
  const deps = services.ingest;

  async function preference(userId: number): Promise<ScoringPreference> {
    const scoringRules = await leagueOf(deps, userId);
    const { total, done } = await repo.rescoreCounts(deps.db, userId, scoringRules, deps.defaultScoringRules);
    return { scoringRules, rescoring: done < total ? { total, done } : null };
  }

  return {
    preference,

    /** Stores the choice and re-scores in the background; answers with the progress so far. */
    async choose(userId: number, scoringRules: ScoringRules): Promise<ScoringPreference> {
      await repo.setPilotRules(deps.db, userId, scoringRules);
      const answer = await preference(userId);
      if (answer.rescoring) await enqueueForPilot(services.queue, RESCORE_PILOT, userId);
      return answer;
    },
  };
}
