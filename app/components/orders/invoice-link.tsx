import FileText from "lucide-react/icons/file-text";
import { Link as RouterLink } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";

/** The customer's invoice of their order, in the page's language (app/routes/order-invoice.tsx). */
export function invoicePath(orderNumber: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}/invoice`;
}

/** The owner's copy of an order's invoice (app/routes/admin-order-invoice.tsx). */
export function adminInvoicePath(orderNumber: string): string {
  return `/admin/orders/${encodeURIComponent(orderNumber)}/invoice`;
}

const look =
  "inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-forest underline underline-offset-2 print:hidden";

/**
 * A link to a paid order's invoice: `customer` goes to the customer's invoice page in the page's language,
 * `admin` to the dashboard's. Nothing for an order that was never paid (it has no invoice): pass its
 * `paidAt` (the order's page view's `payment.paidAt`; the dashboard's `paidAt`).
 */
export function InvoiceLink({
  orderNumber,
  paidAt,
  variant = "customer",
  className = "",
}: {
  orderNumber: string;
  paidAt: string | null | undefined;
  variant?: "customer" | "admin";
  className?: string;
}) {
  const t = useT();
  if (!paidAt) return null;
  const content = (
    <>
      <FileText className="size-4" aria-hidden /> {t("invoices.link")}
    </>
  );
  const label = t("invoices.link.label", { number: orderNumber });
  return variant === "admin" ? (
    <RouterLink to={adminInvoicePath(orderNumber)} className={`${look} ${className}`} aria-label={label}>
      {content}
    </RouterLink>
  ) : (
    <Link to={invoicePath(orderNumber)} className={`${look} ${className}`} aria-label={label}>
      {content}
    </Link>
  );
}
