import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 AA and everything below it. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The serious and critical WCAG 2.2 AA violations axe-core finds on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await scrollAtRest(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE); // page.evaluate is not subject to the page's CSP
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}) ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
}

/**
 * Waits until the window stops scrolling: a smooth scroll (a clicked row bringing the map into view)
 * moves content under the sticky header for a moment, which axe would report as obscured targets.
 */
async function scrollAtRest(page: Page): Promise<void> {
  let previous = Number.NaN;
  for (let frame = 0; frame < 60; frame++) {
    const y = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)))));
    if (y === previous) return;
    previous = y;
  }
}
