import { InvoiceDocument } from "../components/orders/invoice.tsx";
import type { Route } from "./+types/admin-order-invoice";

export { headers, loader } from "./admin-order-invoice.server.ts";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Invoice ${params.number} | MANA dashboard` },
  { name: "robots", content: "noindex" },
];

/** A paid order's invoice as the customer's page shows it, for the shop's team to print or send. */
export default function AdminOrderInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <InvoiceDocument
      invoice={loaderData.invoice}
      inDashboard
      backTo={`/admin/orders/${encodeURIComponent(loaderData.invoice.number)}`}
    />
  );
}
