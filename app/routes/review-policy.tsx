import { TextPage } from "../components/layout/text-page.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/review-policy";

export { loader } from "./review-policy.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }]
    : [];

/** How reviews are written, read and hidden (16 CFR Part 465; decision 044). */
export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <TextPage title={t("legal.reviewPolicy.title")} intro={t("legal.reviewPolicy.intro")}>
      <LegalText blocks={loaderData.blocks} />
    </TextPage>
  );
}
