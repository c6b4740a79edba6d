import { useEffect } from 'react';

const REFRESH_MS = 3_000;

/** Polls while the page is open, so what changes on the server shows by itself. */
export function useRefresh(reload: () => Promise<void>) {
  useEffect(() => {
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
}
