import type { CSSProperties } from 'react';
import styled from 'styled-components';

const Track = styled.div`
  height: 10px;
  border-radius: 5px;
  background: ${(p) => p.theme.surfaceAlt};
  border: 1px solid ${(p) => p.theme.border};
  overflow: hidden;
  & > span {
    display: block;
    height: 100%;
    background: ${(p) => p.theme.primary};
    transition: width 0.3s ease;
  }
`;

/**
 * The one progress bar (uploads, photo uploads, an upload's processing, an achievement's next tier): a
 * named `progressbar` from 0 to 100. Place it with styled(ProgressBar) or `style`.
 */
export function ProgressBar({ percent, label, className, style }: { percent: number; label: string; className?: string; style?: CSSProperties }) {
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={className} style={style}>
      <span style={{ width: `${percent}%` }} />
    </Track>
  );
}
