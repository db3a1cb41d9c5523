import type { ProductLabel } from "../../../core/contracts/product-label.ts";
import { useT } from "../../i18n/i18n.tsx";

/**
 * The Supplement Facts panel as a US label lays it out (21 CFR 101.36): a bordered box, the bold heading,
 * serving size and servings per container, a heavy rule, "Amount Per Serving" and "% Daily Value", each
 * dietary ingredient with its amount and its % Daily Value or a dagger, the dagger's footnote, then other
 * ingredients and the allergen statement. It is a real table: the caption names it, the ingredient of each
 * row is its row header. Drawn in the theme's ink on its white, so the dark theme keeps the label look.
 */
export function SupplementFacts({ label }: { label: ProductLabel }) {
  const t = useT();
  const hasDagger = label.ingredients.some((i) => i.dailyValue === null);
  return (
    <div className="max-w-md border-2 border-ink bg-white p-3 text-ink">
      <table className="w-full border-collapse text-sm">
        <caption className="border-ink border-b-8 pb-1 text-left">
          <span className="block font-black font-sans text-2xl leading-tight tracking-tight sm:text-3xl">
            {t("shop.facts.title")}
          </span>
          <span className="mt-1 block border-ink border-t pt-1">
            {t("shop.facts.servingSize", { size: label.servingSize })}
          </span>
          <span className="block">{t("shop.facts.servings", { servings: label.servingsPerContainer })}</span>
        </caption>
        <thead>
          <tr className="border-ink border-b">
            <th scope="col" colSpan={2} className="whitespace-nowrap py-1 text-left font-bold">
              {t("shop.facts.amount")}
            </th>
            <th scope="col" className="whitespace-nowrap py-1 pl-2 text-right font-bold">
              {t("shop.facts.dailyValue")}
            </th>
          </tr>
        </thead>
        <tbody>
          {label.ingredients.map((i) => (
            <tr key={i.name} className="border-ink border-b align-top">
              <th scope="row" className={`py-1 text-left ${i.sub ? "pl-4 font-normal" : "font-bold"}`}>
                {i.name}
              </th>
              <td className="whitespace-nowrap py-1 pl-2 text-right">{i.amount}</td>
              <td className="whitespace-nowrap py-1 pl-2 text-right font-bold">
                {i.dailyValue === null ? (
                  <>
                    <span aria-hidden>†</span>
                    <span className="sr-only">{t("shop.facts.noDailyValue")}</span>
                  </>
                ) : (
                  `${i.dailyValue}%`
                )}
              </td>
            </tr>
          ))}
        </tbody>
        {hasDagger ? (
          <tfoot>
            <tr className="border-ink border-t-4">
              <td colSpan={3} className="pt-1 text-xs">
                {t("shop.facts.daggerNote")}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      <p className="mt-3 text-sm">
        <span className="font-bold">{t("shop.facts.otherIngredients")}</span> {label.otherIngredients}
      </p>
      <p className="mt-2 text-sm">
        <span className="font-bold">{t("shop.facts.allergens")}</span> {label.allergenStatement}
      </p>
    </div>
  );
}
