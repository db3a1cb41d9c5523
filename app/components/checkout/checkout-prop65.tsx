import { type CartProp65Warning, shipsToCalifornia } from "../../../core/prop65.ts";
import { Prop65Notice } from "../shop/prop65-warning.tsx";

/**
 * California's Proposition 65 warnings of the cart's products, before the pay button, while the order
 * ships to California (27 CCR §25602(b): an internet purchase shows the warning before it is completed).
 * It follows the address as it is typed or chosen; the region is announced politely as it appears.
 */
export function CheckoutProp65({
  warnings,
  address,
}: {
  warnings: CartProp65Warning[];
  address: { country?: string | null; region?: string | null } | null | undefined;
}) {
  const shown = warnings.length > 0 && address && shipsToCalifornia(address);
  return (
    <div aria-live="polite" className="mt-6 empty:hidden">
      {shown ? (
        <section aria-label="California Proposition 65 warning" className="grid gap-3">
          {warnings.map((w) => (
            <Prop65Notice key={w.productName} warning={w.warning} productName={w.productName} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
