import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import type { FormAnswer, FormErrors } from "../../core/contracts/form-answer.ts";

/**
 * One form of a page that posts to the page's action (`intent` names which form it is): a fetcher, the
 * errors the action answered (the fetcher's, or the page's own answer when the form was posted without
 * JavaScript), and whether it is running. The router reads the page's loaders again after every post, so
 * the page shows the record as it is now; `onDone` runs once a post went through and that read is over.
 */
export function useFormAction(intent: string, onDone?: () => void) {
  const fetcher = useFetcher<FormAnswer>();
  const page = useActionData() as FormAnswer | undefined;
  const answer = fetcher.data ?? (page?.intent === intent ? page : undefined);
  const errors: FormErrors | null = answer?.errors ?? null;
  const pending = fetcher.state !== "idle";
  const done = fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data.errors === null;
  const finished = useRef(onDone);
  finished.current = onDone;
  useEffect(() => {
    if (done) finished.current?.();
  }, [done]);
  return { fetcher, errors, pending, done };
}

/** The one message a small form shows: its first field's error, else the form's. */
export function firstError(errors: FormErrors | null, fields: string[]): string | null {
  if (!errors) return null;
  for (const field of fields) if (errors[field]) return errors[field] ?? null;
  return errors.form ?? null;
}
