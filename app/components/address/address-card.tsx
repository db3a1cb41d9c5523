import type { ReactNode } from "react";
import { formatAddressLines, type ShippingAddress } from "../../../core/address.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";

/**
 * An address written as on a label, one line each (the name first, in bold), its country named in the
 * page's language.
 */
export function AddressLines({ address }: { address: ShippingAddress }) {
  const locale = useLocale();
  const [name, ...rest] = formatAddressLines(address, locale);
  return (
    <address className="text-sm leading-relaxed not-italic text-ink">
      <span className="block font-semibold text-forest">{name}</span>
      {rest.map((line, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address have no id of their own
        <span key={n} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** "Default" beside the customer's default address. */
export function DefaultBadge() {
  const t = useT();
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-forest px-2.5 py-0.5 text-xs font-semibold text-cream">
      {t("address.card.default")}
    </span>
  );
}

/** A saved address: its lines, the Default badge, and the actions given (edit, delete, make default). */
export function AddressCard({
  address,
  isDefault = false,
  children,
}: {
  address: ShippingAddress;
  isDefault?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex h-full flex-col rounded-card bg-white p-5 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <AddressLines address={address} />
        {isDefault ? <DefaultBadge /> : null}
      </div>
      {children ? <div className="mt-auto flex flex-wrap gap-2 pt-4">{children}</div> : null}
    </div>
  );
}
