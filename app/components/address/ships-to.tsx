import MapPin from "lucide-react/icons/map-pin";
import type { ShippingAddress } from "../../../core/address.ts";
import { useT } from "../../i18n/i18n.tsx";
import { AddressLines } from "./address-card.tsx";

/** The address an order ships to, as on its label, under a "Ships to" heading. */
export function ShipsTo({ address, className = "" }: { address: ShippingAddress; className?: string }) {
  const t = useT();
  return (
    <section
      aria-label={t("address.shipsTo.label")}
      className={`rounded-card bg-white p-5 shadow-card sm:p-6 ${className}`}
    >
      <h2 className="flex items-center gap-2 text-xl">
        <MapPin aria-hidden className="size-5 text-verdant" /> {t("address.shipsTo.heading")}
      </h2>
      <div className="mt-3" data-testid="ships-to">
        <AddressLines address={address} />
      </div>
    </section>
  );
}
