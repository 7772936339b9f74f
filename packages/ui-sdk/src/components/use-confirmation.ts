import { useState } from 'react';
import { graphQLErrorMessage } from '../client/graphql-error-code.js';

/**
 * The state behind a ConfirmModal: what the user asked to act on, and why the last attempt failed. The
 * dialog closes when `run` succeeds and stays open with the server's message when it fails.
 */
export function useConfirmation<Target>(run: (target: Target) => Promise<unknown>) {
  const [target, setTarget] = useState<Target | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = () => {
    setTarget(null);
    setFailure(null);
  };
  const confirm = async () => {
    if (target === null) return;
    setFailure(null);
    try {
      await run(target);
      cancel();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  };
  return { target, ask: (next: Target) => setTarget(() => next), failure, confirm: () => void confirm(), cancel };
}
