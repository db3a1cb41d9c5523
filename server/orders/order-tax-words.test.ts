import { describe, expect, it } from "vitest";
import { LOCALES } from "../../core/i18n/locales.ts";
import { taxLineWords, taxRows } from "../../core/order-totals.ts";
import { TAX_NAMES } from "../../core/tax.ts";
import { wordsIn } from "../i18n/words.ts";

// A tax row's message (orders.figures.taxLine, …Included) says in each language exactly what the checkout's
// taxLineLabel says: the tax's name and its rate written with the language's decimal sign and percent.
describe("an order's tax rows in the shop's languages", () => {
  const rates = ["13", "5", "9.975", "20", "5.5", "13.5", "6.5", "10.25", "4.7125", "0.1"];
  it.each(LOCALES)("%s: every tax, rate and kind reads as taxLineLabel", (locale) => {
    const words = wordsIn(locale);
    for (const name of TAX_NAMES)
      for (const ratePercent of rates)
        for (const included of [false, true]) {
          const line = { name, ratePercent, cents: 100, included };
          const [row] = taxRows({ taxCents: 100, taxLines: [line] });
          expect(words.t(row?.key ?? "", row?.values), `${name} ${ratePercent} ${included}`).toBe(
            taxLineWords(line, locale),
          );
        }
  });

  it("examples", () => {
    const row = (locale: "en" | "es" | "fr", name: string, ratePercent: string, included = false) => {
      const [r] = taxRows({ taxCents: 0, taxLines: [{ name, ratePercent, cents: 0, included }] });
      return wordsIn(locale)
        .t(r?.key ?? "", r?.values)
        .replaceAll("\u00a0", " ");
    };
    expect(row("en", "HST", "13")).toBe("HST 13%");
    expect(row("fr", "QST", "9.975")).toBe("TVQ 9,975 %");
    expect(row("es", "VAT", "21", true)).toBe("IVA 21 % incluido");
    expect(row("fr", "Sales tax", "6.5")).toBe("Taxe de vente 6,5 %");
  });
});
