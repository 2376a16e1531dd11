import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ModerationReports, ReportAction } from '../../../contract/community';
import { errorMessage } from '../../api/base';
import { useModerateMutation, useModerationReportsQuery } from '../../api/community';
import { paths, useLocalePath } from '../../app/paths';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Section } from '../../components/layout';
import { Alert, Button, Hint, Row, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';

type Report = ModerationReports['reports'][number];

const Queue = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Item = styled.li`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  padding: 10px 12px;
  min-width: 0;
`;

// A comment is plain text: React renders it as text, line breaks kept, never as HTML.
const Quote = styled.blockquote`
  margin: 6px 0;
  padding-left: 10px;
  border-left: 3px solid ${(p) => p.theme.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${(p) => p.theme.muted};
  font-size: 0.9em;
  overflow-wrap: anywhere;
`;

/**
 * The admin's moderation queue (docs/community.md): reported comments, oldest first, with hide,
 * restore, delete and block the author; deleting and blocking ask first in the app's dialog. After an
 * action the focus moves to its outcome, so a keyboard or screen-reader user is not left on a button
 * that just disappeared.
 */
export function ModerationQueue() {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const queue = useModerationReportsQuery();
  const [moderate, moderating] = useModerateMutation();
  const [confirm, setConfirm] = useState<{ report: Report; action: 'delete' | 'block' } | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const done: Record<ReportAction, string> = {
    hide: t`The comment is hidden.`,
    restore: t`The comment is shown again.`,
    delete: t`The comment is deleted.`,
    block: t`The comment is hidden and its author can no longer comment.`,
  };

  const run = async (report: Report, action: ReportAction) => {
    setConfirm(null);
    setOutcome(null);
    try {
      await moderate({ id: report.id, action }).unwrap();
      setOutcome({ tone: 'success', text: done[action] });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, t`Failed to moderate the comment`) });
    }
  };

  const reports = queue.data?.reports ?? [];
  const author = confirm?.report.comment.author ?? '';
  return (
    <Section aria-labelledby="moderation-reports">
      <h2 id="moderation-reports">
        <Trans>Reported comments</Trans>
      </h2>
      {outcome && (
        <Alert ref={outcomeRef} tabIndex={-1} $tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'} style={{ marginBottom: 12 }}>
          {outcome.text}
        </Alert>
      )}
      {queue.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(queue.error, t`Failed to load the reported comments`)}
        </Alert>
      ) : !queue.data ? (
        <Spinner />
      ) : reports.length === 0 ? (
        <Hint>
          <Trans>No reported comments.</Trans>
        </Hint>
      ) : (
        <Queue>
          {reports.map((r) => {
            const c = r.comment;
            const reporter = r.reporter;
            const reason = r.reason;
            const number = r.id;
            return (
              <Item key={r.id} aria-label={t`Report ${number}`}>
                <Meta>
                  <strong>{c.author}</strong> · {localDateTime(c.createdAt, i18n.locale, null)}
                  {c.hidden && (
                    <>
                      {' · '}
                      <Trans>hidden</Trans>
                    </>
                  )}
                  {c.authorBlocked && (
                    <>
                      {' · '}
                      <Trans>author blocked</Trans>
                    </>
                  )}
                </Meta>
                <Quote>{c.body}</Quote>
                <Meta>
                  <Trans>
                    Reported by {reporter}: “{reason}”
                  </Trans>{' '}
                  · {localDateTime(r.createdAt, i18n.locale, null)}
                  {c.flightToken && (
                    <>
                      {' · '}
                      <Link to={to(paths.sharedFlight.getHref(c.flightToken))}>
                        <Trans>Open the flight</Trans>
                      </Link>
                    </>
                  )}
                </Meta>
                <Row style={{ marginTop: 8, gap: 8 }}>
                  {c.hidden ? (
                    <Button type="button" $variant="secondary" disabled={moderating.isLoading} onClick={() => void run(r, 'restore')}>
                      <Trans>Restore</Trans>
                    </Button>
                  ) : (
                    <Button type="button" $variant="secondary" disabled={moderating.isLoading} onClick={() => void run(r, 'hide')}>
                      <Trans>Hide</Trans>
                    </Button>
                  )}
                  <Button type="button" $variant="danger" aria-haspopup="dialog" disabled={moderating.isLoading} onClick={() => setConfirm({ report: r, action: 'delete' })}>
                    <Trans>Delete</Trans>
                  </Button>
                  {!c.authorBlocked && (
                    <Button type="button" $variant="danger" aria-haspopup="dialog" disabled={moderating.isLoading} onClick={() => setConfirm({ report: r, action: 'block' })}>
                      <Trans>Block the author</Trans>
                    </Button>
                  )}
                </Row>
              </Item>
            );
          })}
        </Queue>
      )}
      {confirm && (
        <Modal title={confirm.action === 'delete' ? t`Delete the comment?` : t`Block the author from commenting?`} onClose={() => setConfirm(null)}>
          <p>
            {confirm.action === 'delete' ? (
              <Trans>The comment by {author} and its reports are deleted for good.</Trans>
            ) : (
              <Trans>The comment is hidden and {author} can no longer comment anywhere.</Trans>
            )}
          </p>
          <DialogFooter
            onCancel={() => setConfirm(null)}
            confirm={{ label: confirm.action === 'delete' ? <Trans>Delete</Trans> : <Trans>Block</Trans>, variant: 'danger', onClick: () => void run(confirm.report, confirm.action) }}
          />
        </Modal>
      )}
    </Section>
  );
}
