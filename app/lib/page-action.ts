import { type AccountRefusal, OFFLINE_MESSAGE } from "../../core/contracts/account.ts";

/**
 * A customer page's clientAction: the server action's answer, or, when the shop cannot be reached (no
 * connection), the refusal with the shop's offline words, shown where the write was made instead of
 * replacing the page with its error.
 */
export async function answerOrOffline<T>(serverAction: () => Promise<unknown>): Promise<T | AccountRefusal> {
  try {
    return (await serverAction()) as T;
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return { ok: false, status: 0, error: { message: OFFLINE_MESSAGE, code: "offline" } };
  }
}

/** Whether an action answered a refusal (the server's, or no connection): it wrote nothing to read again. */
export const wasRefused = (actionResult: unknown): boolean =>
  (actionResult as { ok?: unknown } | undefined)?.ok === false;
