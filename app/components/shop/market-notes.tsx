import type { PriceItem } from "../../../core/price-lists.ts";
import { useT } from "../../i18n/i18n.tsx";
import { usePrices } from "../../lib/currency.ts";

/**
 * What the UK and the EU require on a food supplement's page (Directive 2002/46/EC art. 6, kept in UK law
 * by the Food Supplements (England) Regulations 2003): the name "food supplement", the recommended daily
 * dose, a warning not to exceed it, that it is no substitute for a varied diet, and to keep it out of reach
 * of young children. Shown to shoppers browsing in pounds or euros (`Prices.european`, decision 051).
 */
export function FoodSupplementNotice({ dailyDose }: { dailyDose: string }) {
  const t = useT();
  if (!usePrices().european) return null;
  return (
    <section
      aria-labelledby="food-supplement-heading"
      className="rounded-card border-2 border-sand p-4 text-sm"
      data-testid="food-supplement-notice"
    >
      <h2 id="food-supplement-heading" className="font-semibold text-base">
        {t("market.supplement.title")}
      </h2>
      <ul className="mt-2 grid list-disc gap-1 pl-5">
        <li>{t("market.supplement.dose", { dose: dailyDose })}</li>
        <li>{t("market.supplement.doNotExceed")}</li>
        <li>{t("market.supplement.diet")}</li>
        <li>{t("market.supplement.children")}</li>
      </ul>
    </section>
  );
}

/** The product's kind as the UK and EU name it, beside its name ("Complément alimentaire"). */
export function FoodSupplementKind() {
  const t = useT();
  if (!usePrices().european) return null;
  return (
    <p className="font-semibold text-forest text-sm uppercase tracking-wide">{t("market.supplement.kind")}</p>
  );
}

/** "incl. VAT" after a price in pounds or euros: the UK's and EU's prices contain it (decision 050). */
export function VatIncluded({ className = "text-muted" }: { className?: string }) {
  const t = useT();
  if (!usePrices().european) return null;
  return <span className={`whitespace-nowrap text-sm ${className}`}>{t("market.inclVat")}</span>;
}

/**
 * Beside an announced reduction in pounds or euros (a stack's saving, a subscription's), the item's lowest
 * price of the last 30 days, as the UK and EU require (core/omnibus.ts, decision 051).
 */
export function LowestPriceNote({ item, className = "text-muted" }: { item: PriceItem; className?: string }) {
  const t = useT();
  const prices = usePrices();
  const lowest = prices.european ? prices.lowest(item) : null;
  if (lowest === null) return null;
  return (
    <p className={`text-xs ${className}`} data-testid="lowest-price">
      {t("market.lowest", { price: prices.format(lowest) })}
    </p>
  );
}
