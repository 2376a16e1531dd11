import type { CSSProperties } from 'react';
import { Alert } from './ui';

/** The last action's failure (`useActionFailure`), read out at once; nothing when the action did not fail. */
export function FailureAlert({ failure, style }: { failure: string | null; style?: CSSProperties }) {
  if (!failure) return null;
  return (
    <Alert $tone="error" role="alert" style={style}>
      {failure}
    </Alert>
  );
}
