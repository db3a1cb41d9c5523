import Repeat from "lucide-react/icons/repeat";
import { useT } from "../../i18n/i18n.tsx";

/** Marks an order a subscription's renewal placed, beside its date. */
export function RenewalNote({ isRenewal }: { isRenewal: boolean }) {
  const t = useT();
  if (!isRenewal) return null;
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-forest">
      <Repeat aria-hidden className="size-3" /> {t("orders.renewal")}
    </span>
  );
}
