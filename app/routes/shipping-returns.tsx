import { TextPage } from "../components/layout/text-page.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/shipping-returns";

export { loader } from "./shipping-returns.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }]
    : [];

export default function ShippingReturnsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <TextPage title={t("legal.shippingReturns.title")} intro={t("legal.shippingReturns.intro")}>
      <LegalText blocks={loaderData.blocks} />
    </TextPage>
  );
}
