import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useMonthlyHoursQuery } from '../../api/statistics';
import { MonthlyChart } from '../../components/MonthlyChart';
import { Section, SectionHead } from '../../components/layout';
import { Label, Select } from '../../components/ui';
import { Loading, useLogFailure } from '../../components/statistics/statistics-blocks';

/** Flight hours per month, for all years or the one picked. */
export function MonthlySection() {
  const { t } = useLingui();
  const [year, setYear] = useState<number | null>(null);
  // All years, for the dropdown; the chart reads the picked year's data (the year is sent only when picked).
  const all = useMonthlyHoursQuery(null);
  const picked = useMonthlyHoursQuery(year, { skip: year === null });
  const current = year === null ? all : picked;
  useLogFailure('monthly', current.error);
  const years = useMemo(() => [...new Set((all.data ?? []).map((m) => m.year))].sort((a, b) => b - a), [all.data]);
  const items = current.data ?? [];
  return (
    <Section aria-labelledby="stats-monthly">
      <SectionHead>
        <h2 id="stats-monthly">
          <Trans>Monthly Flight Hours</Trans>
        </h2>
        <Label style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
          <Trans>Year</Trans>
          <Select aria-label={t`Year`} value={year ?? ''} onChange={(event) => setYear(event.target.value ? Number(event.target.value) : null)}>
            <option value="">{t`All Years`}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </Label>
      </SectionHead>
      <Loading loading={current.isLoading || current.isFetching} empty={!items.some((m) => m.totalHours > 0)} emptyText={<Trans>No monthly data available</Trans>}>
        {() => <MonthlyChart items={items} />}
      </Loading>
    </Section>
  );
}
