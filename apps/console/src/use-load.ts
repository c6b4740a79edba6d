import { useCallback, useEffect, useState } from 'react';
import { messageOf } from './format';

/** Loads on mount and on `reload()`; keeps the last good data while a reload runs. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    try {
      setData(await run());
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
