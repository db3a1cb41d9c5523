import { localeOfPath } from "../../core/i18n/locales.ts";
import { findOutcome } from "../../core/outcomes.ts";
import { listStacks } from "../../server/content/stacks.ts";
import { stackIn } from "../../server/content/translations.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/stacks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, catalogue } = context.get(appContext);
  const url = new URL(request.url);
  const outcome = findOutcome(url.searchParams.get("outcome") ?? "")?.id ?? null;
  const locale = localeOfPath(url.pathname);
  const stacks = await listStacks(database.db, catalogue, outcome ?? undefined);
  // The head's words in the page's language, for meta (which has no translator).
  const { t } = requestTranslator(locale, new Set());
  return {
    outcome,
    stacks: stacks.map((s) => stackIn(locale, s)),
    meta: { title: t("stacks.meta.title"), description: t("stacks.meta.description") },
  };
}
