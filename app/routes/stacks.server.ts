import { findOutcome } from "../../core/outcomes.ts";
import { listStacks } from "../../server/content/stacks.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/stacks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, catalogue } = context.get(appContext);
  const outcome = findOutcome(new URL(request.url).searchParams.get("outcome") ?? "")?.id ?? null;
  return { outcome, stacks: await listStacks(database.db, catalogue, outcome ?? undefined) };
}
