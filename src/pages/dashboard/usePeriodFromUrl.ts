import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { UNSAFE_DataRouterStateContext, useSearchParams } from 'react-router-dom';
import type { MonthSummary } from '../../../contract/flights';
import { periodParams, resolvePeriod, type Period } from './period';
import { SEARCH_PARAM } from './useSearchFromUrl';

/**
 * docs/product.md §5 Month selection: the period named by `?year=&month=`. The address always names the
 * period: on first load (and after a fallback) it is replaced; a choice pushes a history entry.
 */
export function usePeriodFromUrl(months: readonly MonthSummary[] | undefined) {
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const yearParam = params.get('year');
  const monthParam = params.get('month');
  const resolved = useMemo(() => resolvePeriod(months ?? [], { year: yearParam, month: monthParam }, currentYear), [months, yearParam, monthParam, currentYear]);
  const period: Period = useMemo(() => ({ year: resolved.year, month: resolved.month }), [resolved.year, resolved.month]);
  const [invalid, setInvalid] = useState(false);
  // While the pilot is on the way to another page (a lazy page loading keeps this one shown), naming the
  // period in the address would be a navigation of its own and cancel theirs: a click on the bell during
  // the dashboard's first load came back to the dashboard. No data router (page tests): never pending.
  const leaving = (useContext(UNSAFE_DataRouterStateContext)?.navigation.state ?? 'idle') !== 'idle';

  useEffect(() => {
    if (leaving || !months || (!months.length && yearParam === null)) return;
    if (resolved.invalid) setInvalid(true);
    // The search rides along in the address; it does not change the period.
    const q = params.get(SEARCH_PARAM);
    const wanted = { ...periodParams(period), ...(q ? { [SEARCH_PARAM]: q } : {}) };
    const same = Object.keys(wanted).length === [...params.keys()].length && Object.entries(wanted).every(([k, v]) => params.get(k) === v);
    if (!same) setParams(wanted, { replace: true });
  }, [leaving, months, resolved.invalid, period, params, setParams, yearParam]);

  const choose = useCallback(
    (next: Period) => {
      setInvalid(false);
      setParams(periodParams(next));
    },
    [setParams],
  );
  /** Back to the default period (the address loses its parameters, then names the default). */
  const reset = useCallback(() => setParams({}), [setParams]);

  return { period, invalid, choose, reset, currentYear };
}
