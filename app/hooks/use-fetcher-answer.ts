import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * Hands a fetcher's answer to `onAnswer` once, when the fetcher is idle again: after a post, the page's
 * loaders have then been read again, so what the handler does next (a toast, closing a dialog, moving the
 * focus) sees the page as the server has it.
 */
export function useFetcherAnswer<T>(fetcher: FetcherWithComponents<T>, onAnswer: (answer: T) => void) {
  const handler = useRef(onAnswer);
  handler.current = onAnswer;
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    handler.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
