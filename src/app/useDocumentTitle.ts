import { useEffect } from 'react';

/** Sets the browser tab's title while the page shows (a shared link's tab says whose flight it is), then puts the previous one back. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
