import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DEFAULT_LOCALE, type Locale } from "../../core/i18n/locales.ts";
import { isConnectionLoss } from "../db/connection-loss.ts";
import {
  Conflict,
  DatabaseUnavailable,
  DomainError,
  Forbidden,
  InvalidInput,
  LimitExceeded,
  NotFound,
  NotSignedIn,
  ProviderUnavailable,
  TryAgainLater,
  UnsupportedFormat,
} from "../domain-errors.ts";
import { wordsIn } from "../i18n/words.ts";
import { PaymentProviderError } from "../payments/provider.ts";

/**
 * The one place a domain error becomes a status code (docs/decisions/032-domain-errors.md). Subclasses
 * (OutOfStock is a Conflict, DatabaseUnavailable a TryAgainLater) take their parent's status.
 */
const STATUS_OF: ReadonlyArray<
  readonly [abstract new (...args: never[]) => DomainError, ContentfulStatusCode]
> = [
  [InvalidInput, 400],
  [NotSignedIn, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [UnsupportedFormat, 415],
  [LimitExceeded, 422],
  [ProviderUnavailable, 502],
  [TryAgainLater, 503],
];

/** What a client reads of a failure: the JSON every API error answers with. */
export interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/**
 * The domain error an unexpected failure stands for, when it has a public meaning: a payment provider
 * that did not answer, or a database connection lost mid-request (on every route). Anything else: null.
 */
export function asDomainError(err: unknown): DomainError | null {
  if (err instanceof DomainError) return err;
  if (err instanceof PaymentProviderError) {
    return new ProviderUnavailable(
      "payment_provider_unavailable",
      "The payment provider did not answer. Nothing was done; please try again.",
      { cause: err },
    );
  }
  if (isConnectionLoss(err)) return new DatabaseUnavailable(undefined, { cause: err });
  return null;
}

/** The status and body a failure answers with, or null for one that is not expected (a 500, logged). */
export function errorResponse(
  err: unknown,
  /** The language of the page that asked (server/i18n/request-locale.ts): a keyed message is given in it. */
  locale: Locale = DEFAULT_LOCALE,
): { status: ContentfulStatusCode; body: ErrorBody } | null {
  const known = asDomainError(err);
  if (!known) return null;
  const status = STATUS_OF.find(([kind]) => known instanceof kind)?.[1] ?? 500;
  const message = known.words ? wordsIn(locale).t(known.words.key, known.words.values) : known.message;
  const body: ErrorBody = { message, code: known.code };
  if (known.fields) body.fields = known.fields;
  return { status, body };
}

/** The status a failure answers with (500 when it is not an expected one), for pages that branch on it. */
export function errorStatus(err: unknown): ContentfulStatusCode {
  return errorResponse(err)?.status ?? 500;
}
