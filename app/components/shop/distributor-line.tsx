import type { LabelDistributor } from "../../../core/contracts/product-label.ts";
import { reactionFormPath } from "../../../core/reaction-report.ts";

/**
 * Who distributes the product and where to report a reaction to it: the domestic address and phone a US
 * supplement label carries for serious adverse event reports (21 U.S.C. §343(y), decision 044), under the
 * Supplement Facts panel.
 */
export function DistributorLine({
  distributor: d,
  productSlug,
}: {
  distributor: LabelDistributor;
  productSlug: string;
}) {
  const tel = `+1${d.phone.replace(/\D/g, "")}`;
  return (
    <div className="mt-4 max-w-md text-sm">
      <p>
        {d.role} {d.name}, {d.streetAddress}, {d.city}, {d.state} {d.postalCode}
      </p>
      <p className="mt-1">
        Report a reaction:{" "}
        <a href={`tel:${tel}`} className="font-semibold text-forest underline underline-offset-2">
          {d.phone}
        </a>
        , or{" "}
        <a
          href={reactionFormPath({ product: productSlug })}
          className="font-semibold text-forest underline underline-offset-2"
        >
          online
        </a>
      </p>
    </div>
  );
}
