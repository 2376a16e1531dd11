import type { MouseEvent, ReactNode } from 'react';
import { sessionValidForDownload } from '../../api/files';
import { Button } from '../../components/ui';

/** Starts the browser's own download of `href` (streamed to disk, not held in memory). */
function saveFrom(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

type DownloadLinkProps = { href: string; children: ReactNode; $variant?: 'primary' | 'secondary'; 'aria-label'?: string };

/**
 * A download button that checks the session first: with an expired session the pilot goes to the
 * login page instead of the browser reporting a failed download. Opening it in a new tab (modifier
 * keys) is left to the browser.
 */
export function DownloadLink({ href, ...props }: DownloadLinkProps) {
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (await sessionValidForDownload()) saveFrom(href);
  };
  return <Button as="a" href={href} download onClick={onClick} {...props} />;
}
