import BadgeCheck from "lucide-react/icons/badge-check";
import type { Expert } from "../../../core/contracts/content.ts";
import { useT } from "../../i18n/i18n.tsx";

/** What the card needs of an expert. */
export type ExpertSummary = Omit<Expert, "featured">;

/** A featured expert: drawn monogram headshot, credentials, verified mark, authority score, bio. */
export function ExpertCard({ expert }: { expert: ExpertSummary }) {
  const t = useT();
  return (
    <article className="flex h-full flex-col gap-4 rounded-card bg-white p-6 shadow-card">
      <div className="flex items-center gap-4">
        <img
          src={expert.headshotUrl}
          alt={t("knowledge.expert.portrait", { name: expert.name })}
          width={80}
          height={80}
          loading="lazy"
          className="size-20 shrink-0 rounded-full bg-sand"
        />
        <div>
          <h3 className="flex items-center gap-1.5 text-lg">
            {expert.name}
            {expert.verifiedExpert ? (
              <BadgeCheck
                className="size-5 text-verdant"
                aria-label={t("knowledge.expert.verified")}
                role="img"
              />
            ) : null}
          </h3>
          <p className="text-sm text-muted">{expert.credentials}</p>
        </div>
      </div>
      <p className="text-sm leading-relaxed">{expert.bio}</p>
      <p className="mt-auto flex items-center justify-between text-sm">
        <span className="font-semibold text-gold">
          {t("knowledge.expert.authority", { score: expert.authorityScore })}
        </span>
        {expert.website ? (
          <a
            href={expert.website}
            className="font-medium text-forest underline underline-offset-4"
            rel="noopener noreferrer"
            target="_blank"
            aria-label={t("knowledge.expert.websiteOf", { name: expert.name })}
          >
            {t("knowledge.expert.website")}
          </a>
        ) : null}
      </p>
    </article>
  );
}
