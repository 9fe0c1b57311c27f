/**
 * @module Reads something for a panel: its value (null until the first read), the last read's error and whether a
 * read is under way; `reload` reads again. A new `fetcher` (another project or branch) reads at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api.ts';

export function useLoaded<T>(fetcher: () => Promise<T>): {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
} {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetcher());
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setLoading(false);
    }
  }, [fetcher]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
