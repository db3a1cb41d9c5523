import { wordsIn } from "./i18n/words.ts";

/**
 * The failures domain code names, without knowing HTTP: each carries a stable `code` a client may branch
 * on and a `message` a person reads (and, for a form, a message per field). Which status each becomes is
 * decided once, in server/http/error-status.ts (docs/decisions/032-domain-errors.md).
 */
export abstract class DomainError extends Error {
  readonly code: string;
  /** A message per form field, for the form to show beside each field (e.g. a shipping address). */
  readonly fields: Record<string, string> | undefined;
  /**
   * The message as the shop's words (`words(key, values)`): the answer gives it in the language of the page
   * that asked (server/http/error-status.ts); `message` is the English.
   */
  readonly words: ShopWords | undefined;
  constructor(
    code: string,
    message: string | ShopWords,
    options?: { fields?: Record<string, string>; cause?: unknown },
  ) {
    const words = typeof message === "string" ? undefined : message;
    super(
      words ? wordsIn("en").t(words.key, words.values) : (message as string),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.code = code;
    this.fields = options?.fields;
    this.words = words;
  }
}

/** A message of the shop's catalogues (area `errors`, app/i18n/messages/<locale>/errors.json) and its values. */
export interface ShopWords {
  key: string;
  values?: Record<string, string | number>;
}

/** A message the shopper reads in their language: `throw new Conflict(code, words(key, values))`. */
export const words = (key: string, values?: Record<string, string | number>): ShopWords => ({ key, values });

/** What was sent cannot be used as it is: the sender can correct it. */
export class InvalidInput extends DomainError {}

/** The body is not in a format the shop reads (JSON is asked for). */
export class UnsupportedFormat extends DomainError {}

/** Nobody is signed in, or the caller could not prove who they are. */
export class NotSignedIn extends DomainError {}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {}

/** No such thing, or not the caller's to see (which reads the same, so ids cannot be probed). */
export class NotFound extends DomainError {
  constructor(message: string | ShopWords = "Not found", code = "not_found") {
    super(code, message);
  }
}

/** The request is fine but the state of things refuses it now (already done, not allowed in this state). */
export class Conflict extends DomainError {}

/** A product cannot be had in the quantity asked for. */
export class OutOfStock extends Conflict {
  constructor(message: string | ShopWords) {
    super("out_of_stock", message);
  }
}

/** The request asks for more than a rule allows in one go (e.g. a cart line's quantity). */
export class LimitExceeded extends DomainError {}

/** An outside service (the payment provider) did not do what was asked; nothing was done. */
export class ProviderUnavailable extends DomainError {}

/** Something the shop needs is out of reach for now: the same request may succeed later. */
export class TryAgainLater extends DomainError {}

/** The database went away mid-request. */
export class DatabaseUnavailable extends TryAgainLater {
  constructor(
    message = "The shop could not reach its database. Please try again in a moment.",
    options?: { cause?: unknown },
  ) {
    super("service_unavailable", message, options);
  }
}

/** The 404 most lookups throw. */
export const notFound = (message = "Not found") => new NotFound(message);
