import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import styled, { css } from 'styled-components';
import type { StatusTone } from './history-rules';

export const Muted = styled.span`
  color: ${(p) => p.theme.muted};
  font-size: 14px;
`;

const tones: Record<StatusTone, ReturnType<typeof css>> = {
  processing: css`
    background: ${(p) => p.theme.warning};
    color: ${(p) => p.theme.warningText};
  `,
  completed: css`
    background: ${(p) => (p.theme.name === 'dark' ? '#1d3b24' : '#e8f6eb')};
    color: ${(p) => p.theme.success};
  `,
  partial: css`
    background: ${(p) => p.theme.warning};
    color: ${(p) => p.theme.warningText};
  `,
  failed: css`
    background: ${(p) => p.theme.marked};
    color: ${(p) => p.theme.danger};
  `,
  other: css`
    background: ${(p) => p.theme.surfaceAlt};
    color: ${(p) => p.theme.muted};
  `,
};

export const Badge = styled.span<{ $tone: StatusTone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 700;
  ${(p) => tones[p.$tone]}
`;

export const TASK_STATUS: Record<string, MessageDescriptor> = {
  Processing: msg`Processing`,
  Completed: msg`Completed`,
  Failed: msg`Failed`,
};
export const FILE_STATUS: Record<string, MessageDescriptor> = {
  ...TASK_STATUS,
  Pending: msg`Pending`,
  Duplicate: msg`Duplicate`,
  Ignored: msg`Ignored`,
  Imported: msg`Imported`,
  Merged: msg`Merged`,
};

/** A task's or file's status in words (an unknown status as sent). */
export const statusLabel = (status: string, table: Record<string, MessageDescriptor>, translate: (d: MessageDescriptor) => string) => (table[status] ? translate(table[status]) : status);
