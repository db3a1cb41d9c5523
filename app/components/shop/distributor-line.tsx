import type { LabelDistributor } from "../../../core/contracts/product-label.ts";
import { reactionFormPath } from "../../../core/reaction-report.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useLocalePath } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";

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
  const t = useT();
  const localePath = useLocalePath();
  const tel = `+1${d.phone.replace(/\D/g, "")}`;
  const link = "font-semibold text-forest underline underline-offset-2";
  return (
    <div className="mt-4 max-w-md text-sm">
      <p>
        {d.role} {d.name}, {d.streetAddress}, {d.city}, {d.state} {d.postalCode}
      </p>
      <p className="mt-1">
        {rich(t, "shop.distributor.report", {
          phone: (
            <a href={`tel:${tel}`} className={link}>
              {d.phone}
            </a>
          ),
          online: (
            <a href={localePath(reactionFormPath({ product: productSlug }))} className={link}>
              {t("shop.distributor.online")}
            </a>
          ),
        })}
      </p>
    </div>
  );
}
