import { createContext, useContext } from "react";
import { useFetcher } from "react-router";
import {
  ACCOUNT_ACTION,
  type AccountActionResult,
  type AccountIntent,
} from "../../../core/contracts/account.ts";
import { useFetcherAnswer } from "../../hooks/use-fetcher-answer.ts";

/**
 * Where the subscription forms post: the account page's action, or, on a subscription's own page opened
 * from a manage link (app/routes/subscription-manage.tsx), that page's action, which takes the same
 * subscription intents and answers in the same shape.
 */
export const AccountActionPath = createContext<string>(ACCOUNT_ACTION);

/**
 * Posts one of the account page's writes to its action (app/routes/account.server.ts) with a fetcher, and
 * hands the answer to `onAnswer` once the page's data has been read again (useFetcherAnswer).
 * `pending` is the fetcher's state: true from the post until the page is read again.
 */
export function useAccountAction(onAnswer: (result: AccountActionResult) => void) {
  const fetcher = useFetcher<AccountActionResult>();
  const path = useContext(AccountActionPath);
  useFetcherAnswer(fetcher, onAnswer);
  return {
    submit: (intent: AccountIntent) =>
      fetcher.submit(intent as never, {
        method: "post",
        encType: "application/json",
        action: path,
      }),
    pending: fetcher.state !== "idle",
    data: fetcher.data,
  };
}

/** The refusal's words for the customer: the server's message. */
export function refusalMessage(result: AccountActionResult): string | null {
  return result.ok ? null : result.error.message;
}
