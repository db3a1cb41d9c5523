/**
 * A uuid as the database writes it (8-4-4-4-12 hex digits, either case): an id a uuid column could
 * hold. Anything else is never looked up, so a malformed id is "not found", not a database error.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
