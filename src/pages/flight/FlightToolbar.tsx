import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/ui';

/** Below this width the share and export groups fold behind a "More" button (docs/app.md, Flight page). */
const PHONE = '(max-width: 600px)';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  width: 100%;
  @media ${PHONE} {
    gap: 8px;
  }
`;

/** A group of buttons that belong together, kept on one line. */
const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const MoreButton = styled(Button)`
  display: none;
  @media ${PHONE} {
    display: inline-flex;
  }
`;

/** On a wide screen the groups show in the bar; on a phone only while "More" is open, each on its own line. */
const Folding = styled.div<{ $open: boolean }>`
  display: contents;
  @media ${PHONE} {
    display: ${(p) => (p.$open ? 'flex' : 'none')};
    flex-direction: column;
    align-items: flex-start;
    gap: 10px;
    width: 100%;
    padding: 10px;
    border: 1px solid ${(p) => p.theme.border};
    border-radius: 8px;
    /* The visibility choice's longest words ("Öffentlich: gelistet, Kommentare und Likes") stuck out of the panel. */
    > *, select { max-width: 100%; }
  }
`;

export interface FlightToolbarProps {
  /** Share and visibility. */
  share: ReactNode;
  /** Compare, the downloads and the incident report. */
  tools: ReactNode;
  /** Previous, Next, Back. */
  navigation: ReactNode;
}

/**
 * The flight page's one bar (issue 40): navigation, share and export in named groups, so it reads as one
 * bar on a wide screen; on a phone navigation stays and the rest opens from "More" (a disclosure
 * button, so a screen reader hears whether it is open).
 */
export function FlightToolbar({ share, tools, navigation }: FlightToolbarProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const bar = useRef<HTMLDivElement>(null);
  // Escape closes the open panel and gives the focus back to "More".
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      bar.current?.querySelector<HTMLButtonElement>('[aria-controls]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <Bar ref={bar}>
      <Group role="group" aria-label={t`Go to another flight`}>
        {navigation}
      </Group>
      <MoreButton type="button" $variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Trans>More</Trans>
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </MoreButton>
      <Folding id={panelId} $open={open}>
        <Group role="group" aria-label={t`Share`}>
          {share}
        </Group>
        <Group role="group" aria-label={t`Compare, download and report`}>
          {tools}
        </Group>
      </Folding>
    </Bar>
  );
}
