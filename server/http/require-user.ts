import { createMiddleware } from "hono/factory";
import type { AppServices, SessionUser } from "../context.ts";
import { NotSignedIn } from "../domain-errors.ts";

/** What a route behind `requireUser` reads: the signed-in user (`c.var.user`). */
export type SignedIn = { Variables: { user: SessionUser } };

/**
 * A route for signed-in customers only: without a session it answers 401 with `message` (saying what
 * signing in is for), before the handler reads anything of the request.
 */
export function requireUser(services: Pick<AppServices, "identity">, message: string) {
  return createMiddleware<SignedIn>(async (c, next) => {
    const user = await services.identity.getUser(c.req.raw.headers);
    if (!user) throw new NotSignedIn("unauthorized", message);
    c.set("user", user);
    await next();
  });
}
