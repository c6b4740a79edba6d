import { useState } from 'react';
import { messageOf } from './format';

/** Runs a change, keeps its refusal in plain words for the page, and reloads what it changed either way. */
export function useAction(reload: () => Promise<unknown>) {
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    }
    await reload();
  };
  return { error, act };
}
