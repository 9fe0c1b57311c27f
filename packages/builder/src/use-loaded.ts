/**
 * @module Reads something for a panel: its value (null until the first read), the last read's error and whether a
 * read is under way; `reload` reads again. A new `fetcher` (another project or branch) reads at once, and only the
 * newest read is shown: a slower earlier read (the branch before a switch) that answers last is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const read = ++latest.current;
    setLoading(true);
    try {
      const value = await fetcher();
      if (read !== latest.current) return;
      setData(value);
      setError(null);
    } catch (caught) {
      if (read !== latest.current) return;
      setError(errorMessage(caught));
    } finally {
      if (read === latest.current) setLoading(false);
    }
  }, [fetcher]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
