import { z } from "zod";

/**
 * A uuid as the database writes it (8-4-4-4-12 hex digits, either case): an id a uuid column could
 * hold. Anything else is never looked up, so a malformed id is "not found" (or, in a body, invalid input),
 * never a database error. One rule for every id the shop reads: the API's paths and bodies, the pages'
 * actions and the domain's look-ups.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same rule as a schema for a field of a body or a path parameter. */
export const uuidField = (message = "must be an id") => z.string().regex(UUID, message);
