import { appContext } from "../context.server.ts";
import type { Route } from "./+types/contact";

/** The shop's support address comes from its configuration (SUPPORT_EMAIL); none is shown without one. */
export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.get(appContext).env.SUPPORT_EMAIL ?? null };
}
