// What the statistics sections share: the tiles, the loading/empty switch, hours, failure logging.
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '../ui';
import { duration } from '../../format/format';

export const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: 12px;
  margin: 0;
`;

export const Tile = styled.div`
  background: ${(p) => p.theme.surfaceAlt};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  padding: 12px 14px;
  dt {
    color: ${(p) => p.theme.muted};
    font-size: 13px;
  }
  /* Two tiles side by side on a 390 px phone left about 120 px: a date or a one-word site name at 1.35rem
     broke inside ("01.04.202" over "5"); the size follows the screen's width there, and a word still too
     long is hyphenated in the page's language before it breaks anywhere. */
  @media (max-width: 420px) {
    padding: 10px 12px;
  }
  dd {
    margin: 4px 0 0;
    font-size: clamp(1.05rem, 4.4vw, 1.35rem);
    font-weight: 700;
    hyphens: auto;
    overflow-wrap: anywhere;
  }
  dd + dd {
    margin-top: 2px;
    font-size: 13px;
    font-weight: 400;
    color: ${(p) => p.theme.muted};
  }
`;

/**
 * A table that scrolls sideways on narrow screens. A shadow at an edge says more columns are hidden
 * that way (tables clipped without a hint): the surface-coloured covers scroll with the
 * content (local) and hide the shadows (scroll) once an end is reached.
 */
export const TableWrap = styled.div`
  overflow-x: auto;
  background:
    linear-gradient(to right, ${(p) => p.theme.surface} 30%, transparent) left / 40px 100% no-repeat local,
    linear-gradient(to left, ${(p) => p.theme.surface} 30%, transparent) right / 40px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.28), transparent) left / 14px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.28), transparent) right / 14px 100% no-repeat scroll;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 8px 10px;
    text-align: right;
    border-bottom: 1px solid ${(p) => p.theme.border};
    white-space: nowrap;
  }
  th:first-child,
  td:first-child,
  .text {
    text-align: left;
  }
  th {
    color: ${(p) => p.theme.muted};
    font-weight: 600;
    font-size: 13px;
  }
  th[scope='row'] {
    color: inherit;
    font-size: inherit;
  }
`;

export const Empty = styled.p`
  color: ${(p) => p.theme.muted};
  margin: 0;
`;

export function Hours({ seconds }: { seconds: number }) {
  return <>{duration(seconds)}</>;
}

export function Loading({ loading, empty, emptyText, children }: { loading: boolean; empty: boolean; emptyText: ReactNode; children: () => ReactNode }) {
  if (loading) return <Spinner />;
  if (empty) return <Empty>{emptyText}</Empty>;
  return <>{children()}</>;
}

/** Statistics load failures are logged only; the section shows its empty state (docs/product.md §8). */
export function useLogFailure(name: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${name} statistics`, error);
  }, [name, error]);
}
