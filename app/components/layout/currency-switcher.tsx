import { useId } from "react";
import { CURRENCIES, isCurrency } from "../../../core/markets.ts";
import { CURRENCY_SIGNS } from "../../../core/money.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useChooseCurrency, usePrices } from "../../lib/currency.ts";

/** "CAD CA$": the code and the sign the shop writes its amounts with. */
const optionText = (code: (typeof CURRENCIES)[number]) => `${code} ${CURRENCY_SIGNS[code]}`;

/**
 * The currency the shop shows its prices in (docs/decisions/051-markets-and-currencies.md): a labelled
 * select, kept in the `mana_currency` cookie; every loader is asked again, so the page's prices change at
 * once and the next page is rendered in it. `compact` hides the label's words and writes each currency by
 * its code alone (the header, whose nav leaves no room at 1280 px in French: e2e/eu-product.spec.ts checks
 * it), otherwise they show with the sign (the footer, the menu sheet).
 */
export function CurrencySwitcher({
  className = "",
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const t = useT();
  const id = useId();
  const { currency } = usePrices();
  const choose = useChooseCurrency();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={compact ? "sr-only" : "text-sm text-cream/85"}>
        {t("shell.currency.label")}
      </label>
      <select
        id={id}
        value={currency}
        onChange={(e) => {
          if (isCurrency(e.target.value)) void choose(e.target.value);
        }}
        className="min-h-11 cursor-pointer rounded-md border border-cream/40 bg-forest px-2 text-sm font-semibold text-cream hover:bg-white/10"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {compact ? code : optionText(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
