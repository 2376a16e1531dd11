/** What the subject of each alternative of a selector list requires, or null when nwsapi must decide. */
export interface SubjectRequirement {
  tag: string | null;
  id: string | null;
  classes: string[];
}
export function subjectRequirements(selectors: string): SubjectRequirement[] | null;
/** False only when no alternative can match the element. */
export function mayMatch(requirements: SubjectRequirement[], element: Element): boolean;
export function prefilterStyleRules(window: Window): void;
