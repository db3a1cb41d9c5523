import Award from "lucide-react/icons/award";
import BadgeCheck from "lucide-react/icons/badge-check";
import FlaskConical from "lucide-react/icons/flask-conical";
import Layers from "lucide-react/icons/layers";
import PiggyBank from "lucide-react/icons/piggy-bank";
import TrendingUp from "lucide-react/icons/trending-up";
import Users from "lucide-react/icons/users";
import { useNavigation, useSearchParams } from "react-router";
import { stackOutcomes } from "../../core/outcomes.ts";
import { OutcomeIcon, useOutcomeLabel } from "../components/stacks/outcome-icon.tsx";
import { StackCard, StackCardSkeleton } from "../components/stacks/stack-card.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/stacks";

export { loader } from "./stacks.server.ts";

/** Four loading placeholders; stacks save up to 25%. */
const SKELETONS = 4;

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
  { property: "og:title", content: loaderData?.meta.title },
  { property: "og:type", content: "website" },
];

const benefits = [
  {
    icon: Award,
    title: "stacks.benefit.expert.title",
    text: "stacks.benefit.expert.text",
  },
  {
    icon: PiggyBank,
    title: "stacks.benefit.value.title",
    text: "stacks.benefit.value.text",
  },
  {
    icon: TrendingUp,
    title: "stacks.benefit.results.title",
    text: "stacks.benefit.results.text",
  },
];

const reasons = [
  {
    icon: Layers,
    title: "stacks.why.synergy.title",
    text: "stacks.why.synergy.text",
  },
  {
    icon: FlaskConical,
    title: "stacks.why.quality.title",
    text: "stacks.why.quality.text",
  },
  {
    icon: Users,
    title: "stacks.why.community.title",
    text: "stacks.why.community.text",
  },
];

export default function StacksPage({ loaderData }: Route.ComponentProps) {
  const { outcome, stacks } = loaderData;
  const t = useT();
  const outcomeLabel = useOutcomeLabel();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/stacks";
  const select = (id: string | null) =>
    setSearchParams(id ? { outcome: id } : {}, { preventScrollReset: true });

  return (
    <div className="pb-16">
      <section className="bg-forest text-cream">
        <div className="container-shop py-16 text-center md:py-20">
          <p className="text-sm font-semibold tracking-widest text-cream/80 uppercase">
            {t("stacks.hero.eyebrow")}
          </p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl text-cream md:text-5xl">{t("stacks.hero.title")}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-cream/85">{t("stacks.hero.text")}</p>
          <ul className="mt-12 grid gap-6 text-left md:grid-cols-3">
            {benefits.map((b) => (
              <li key={b.title} className="rounded-card bg-white/10 p-6">
                <b.icon className="size-7 text-gold-bright" aria-hidden />
                <h2 className="mt-3 text-xl text-cream">{t(b.title)}</h2>
                <p className="mt-2 text-cream/85">{t(b.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container-shop">
        <section aria-labelledby="filter-heading" className="mt-14 text-center">
          <h2 id="filter-heading" className="text-3xl">
            {t("stacks.filter.heading")}
          </h2>
          <p className="mt-3">
            <Link to="/quiz" className="font-semibold text-forest underline underline-offset-4">
              {t("quiz.link")}
            </Link>
          </p>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            <li>
              <button
                type="button"
                aria-pressed={outcome === null}
                onClick={() => select(null)}
                className={`min-h-11 rounded-full border px-5 text-sm font-semibold ${
                  outcome === null
                    ? "border-forest bg-forest text-cream"
                    : "border-sand-deep bg-white text-forest hover:border-forest"
                }`}
              >
                {t("stacks.filter.all")}
              </button>
            </li>
            {stackOutcomes.map((o) => {
              const active = outcome === o.id;
              return (
                <li key={o.id}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => select(active ? null : o.id)}
                    className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-5 text-sm font-semibold ${
                      active
                        ? "border-forest bg-forest text-cream"
                        : "border-sand-deep bg-white text-forest hover:border-forest"
                    }`}
                  >
                    <OutcomeIcon outcome={o.id} className="size-4" />
                    {outcomeLabel(o.id)}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-label={t("stacks.list.label")} aria-busy={loading} className="mt-10">
          {loading ? (
            <ul className="grid gap-8 md:grid-cols-2">
              {Array.from({ length: SKELETONS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
                <li key={i}>
                  <StackCardSkeleton />
                </li>
              ))}
            </ul>
          ) : stacks.length === 0 ? (
            <div role="status" className="rounded-card bg-sand p-12 text-center">
              <p className="font-display text-2xl text-forest">{t("stacks.empty.title")}</p>
              <p className="mt-2 text-muted">{t("stacks.empty.text")}</p>
            </div>
          ) : (
            <ul className="grid gap-8 md:grid-cols-2">
              {stacks.map((s) => (
                <li key={s.id}>
                  <StackCard stack={s} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="why-heading" className="mt-24">
          <h2 id="why-heading" className="text-center text-3xl">
            {t("stacks.why.heading")}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {reasons.map((r) => (
              <li key={r.title} className="rounded-card bg-sand p-8 text-center">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-white">
                  <r.icon className="size-7 text-verdant" aria-hidden />
                </span>
                <h3 className="mt-4 text-xl">{t(r.title)}</h3>
                <p className="mt-2 text-muted">{t(r.text)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center justify-center gap-2 text-sm text-muted">
            <BadgeCheck className="size-4 text-verdant" aria-hidden /> {t("stacks.why.guarantee")}
          </p>
        </section>
      </div>
    </div>
  );
}
