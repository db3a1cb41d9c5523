import { type CartProp65Warning, shipsToCalifornia } from "../../../core/prop65.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Prop65Notice } from "../shop/prop65-warning.tsx";

/**
 * California's Proposition 65 warnings of the cart's products, before the pay button, while the order
 * ships to California (27 CCR §25602(b): an internet purchase shows the warning before it is completed).
 * It follows the address as it is typed or chosen; the region is announced politely as it appears.
 */
export function CheckoutProp65({
  warnings,
  address,
  className = "mt-6",
}: {
  warnings: CartProp65Warning[];
  address: { country?: string | null; region?: string | null } | null | undefined;
  /** The spacing of the warnings where they appear. */
  className?: string;
}) {
  const t = useT();
  const shown = warnings.length > 0 && address && shipsToCalifornia(address);
  return (
    // The live region stays in the page (empty) so that a warning appearing in it is announced.
    <div aria-live="polite">
      {shown ? (
        <section aria-label={t("checkout.prop65.label")} className={`grid gap-3 ${className}`}>
          {warnings.map((w) => (
            <Prop65Notice key={w.productName} warning={w.warning} productName={w.productName} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
