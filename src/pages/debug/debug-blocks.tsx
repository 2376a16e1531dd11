// What the debug sections share: their card, number lists, result tables, and the outcome of an action.
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../../api/base';
import { Section } from '../../components/layout';
import { Alert } from '../../components/ui';

/** The page's section, with muted h3 subheadings. */
export const DebugSection = styled(Section)`
  h3 {
    margin: 0 0 6px;
    font-size: 0.95rem;
    color: ${(p) => p.theme.muted};
  }
`;

export const Numbers = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 12px;
  margin: 0;
  font-variant-numeric: tabular-nums;
  dt {
    color: ${(p) => p.theme.muted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
  }
`;

export const ResultTable = styled.table`
  border-collapse: collapse;
  margin-top: 8px;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  th,
  td {
    text-align: left;
    padding: 4px 12px 4px 0;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
  th {
    color: ${(p) => p.theme.muted};
    font-weight: 600;
  }
`;

export const Scroll = styled.div`
  max-height: 320px;
  overflow: auto;
`;

const Result = styled.div`
  margin-top: 12px;
  display: grid;
  gap: 8px;
`;

export type Outcome = { tone: 'success' | 'error'; text: string; details?: ReactNode } | null;

export function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Result>
      <Alert $tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
        {outcome.text}
      </Alert>
      {outcome.details}
    </Result>
  );
}

/** Runs one debug action: the response's message (or the default) on success, the server's message (or the default) on failure. */
export function useAction<T extends { message?: string }>(success: string, failure: string, details?: (data: T) => ReactNode) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (call: () => Promise<T>) => {
    setOutcome(null);
    try {
      const data = await call();
      setOutcome({ tone: 'success', text: data?.message || success, details: details?.(data) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, failure) });
    }
  };
  return { outcome, run };
}

export function Pair({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
