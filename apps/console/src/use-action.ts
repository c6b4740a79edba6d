import { useState } from 'react';
import { messageOf } from './format';

/**
 * Runs a change, keeps its refusal in plain words for the page, and reloads what it changed
 * either way. Says whether it was done, so a form keeps what was typed when it was refused.
 */
export function useAction(reload: () => Promise<unknown> = async () => undefined) {
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>): Promise<boolean> => {
    let done = false;
    try {
      await work();
      setError(null);
      done = true;
    } catch (e) {
      setError(messageOf(e));
    }
    await reload();
    return done;
  };
  return { error, act };
}
