import { isRouteErrorResponse } from "react-router";
import { orderPagePath } from "../../core/contracts/orders.ts";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { InvoiceDocument } from "../components/orders/invoice.tsx";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/order-invoice";

export { headers, loader } from "./order-invoice.server.ts";

// The title comes from the loader (or its 404), in the page's language: a meta function has no translator.
export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title:
      loaderData?.meta.title ??
      (isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined),
  },
  { name: "robots", content: "noindex" },
];

/** The customer's invoice of one of their paid orders, to print or keep. */
export default function OrderInvoice({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { invoice } = loaderData;
  if (!invoice) return <SignInRequired message={t("invoices.signIn")} />;
  return <InvoiceDocument invoice={invoice} backTo={orderPagePath(invoice.number)} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: t("invoices.notFound.title"), text: t("invoices.notFound.text") }}
      to="/orders"
      linkLabel={t("orders.backToHistory")}
    />
  );
}
