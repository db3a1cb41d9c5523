import ChevronDown from "lucide-react/icons/chevron-down";
import type { ProductLabelView } from "../../../core/contracts/product-label.ts";
import { useT } from "../../i18n/i18n.tsx";
import { FdaDisclaimer } from "../layout/fda-disclaimer.tsx";
import { DistributorLine } from "./distributor-line.tsx";
import { SupplementFacts } from "./supplement-facts.tsx";

/**
 * The product page's label band: Supplement Facts with who distributes the product and where to report a
 * reaction, directions, storage and warnings, then the questions.
 */
export function ProductLabelSection({
  productName,
  productSlug,
  label,
}: {
  productName: string;
  productSlug: string;
  label: ProductLabelView;
}) {
  const t = useT();
  return (
    <section aria-labelledby="label-heading" className="bg-sand">
      <div className="container-shop grid gap-10 py-12 md:grid-cols-2">
        <div>
          <h2 id="label-heading" className="mb-4 text-2xl">
            {t("shop.label.inside")}
          </h2>
          <SupplementFacts label={label} />
          <DistributorLine distributor={label.distributedBy} productSlug={productSlug} />
        </div>
        <div className="flex flex-col gap-5">
          <LabelText title={t("shop.label.suggestedUse")} text={label.suggestedUse} />
          <LabelText title={t("shop.label.storage")} text={label.storage} />
          <LabelText title={t("shop.label.warnings")} text={label.warnings} />
        </div>
      </div>
      <div className="container-shop pb-12">
        <h2 className="mb-4 text-2xl">{t("shop.label.questions", { name: productName })}</h2>
        <div className="grid gap-3">
          {label.faqs.map((f) => (
            <details key={f.question} className="group rounded-card bg-white px-5 shadow-sm">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                {f.question}
                <ChevronDown
                  className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                  aria-hidden
                />
              </summary>
              <p className="pb-4">{f.answer}</p>
            </details>
          ))}
        </div>
        <FdaDisclaimer className="mt-4" />
      </div>
    </section>
  );
}

function LabelText({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <h3 className="text-lg">{title}</h3>
      <p className="mt-1">{text}</p>
    </div>
  );
}
