// The order in which jest's workers take the test files (docs/testing.md, "Which file runs when").
// Jest's own order: files that failed last time, then the longest first (durations kept in its cache),
// files it has no duration for by size. Kept, with one change: the browser journeys alternate with the other
// files. A journey spends much of its time waiting for Chromium and the server (pages, networkidle, polls),
// so a journey beside a CPU-bound file keeps both cores busy, where two journeys side by side leave them idle.
// Without durations (a first run on a machine), jest's size order started the journeys wherever their size
// fell, and the longest could start last and run alone.
const Sequencer = require('@jest/test-sequencer').default;

const isJourney = (test) => test.context.config.displayName?.name === 'e2e';

class JourneysBesideTheRest extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const failed = ordered.filter((t) => this.hasFailed(t));
    const rest = ordered.filter((t) => !this.hasFailed(t));
    const journeys = rest.filter(isJourney);
    const others = rest.filter((t) => !isJourney(t));
    const mixed = [];
    for (let i = 0; i < Math.max(journeys.length, others.length); i++) {
      if (i < journeys.length) mixed.push(journeys[i]);
      if (i < others.length) mixed.push(others[i]);
    }
    return [...failed, ...mixed];
  }
}

module.exports = JourneysBesideTheRest;
