import { TextPage } from "../components/layout/text-page.tsx";
import { CookieTable } from "../components/legal/cookie-table.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/privacy";

export { loader } from "./privacy.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }]
    : [];

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { blocks, cookieMark, cookies, storage } = loaderData;
  return (
    <TextPage title={t("legal.privacy.title")} intro={t("legal.privacy.intro")}>
      <LegalText
        blocks={blocks}
        slots={{ [cookieMark]: <CookieTable cookies={cookies} storage={storage} /> }}
      />
    </TextPage>
  );
}
