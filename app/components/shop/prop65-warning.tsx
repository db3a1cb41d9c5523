import TriangleAlert from "lucide-react/icons/triangle-alert";
import { PROP65_URL, type Prop65Warning, prop65Sentence } from "../../../core/prop65.ts";

/**
 * A California Proposition 65 warning in its safe-harbor words (27 CCR §25607.2, core/prop65.ts): the
 * signal word in bold capitals, set off in a box from what surrounds it. `productName` names the product
 * when several are listed (checkout).
 */
export function Prop65Notice({ warning, productName }: { warning: Prop65Warning; productName?: string }) {
  return (
    <div className="flex gap-3 border-2 border-ink bg-white p-3 text-ink text-sm">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>
        {productName ? <span className="block font-semibold">{productName}</span> : null}
        <strong>WARNING:</strong> {prop65Sentence(warning)} For more information go to{" "}
        <a href={PROP65_URL} className="underline underline-offset-2">
          www.P65Warnings.ca.gov/food
        </a>
        .
      </p>
    </div>
  );
}
