import { useEffect } from 'react';

/** Sets the document title to "`title` · Kiln" while the component is shown. */
export function useTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Kiln` : 'Kiln';
  }, [title]);
}
