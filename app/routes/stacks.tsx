import Award from "lucide-react/icons/award";
import BadgeCheck from "lucide-react/icons/badge-check";
import FlaskConical from "lucide-react/icons/flask-conical";
import Layers from "lucide-react/icons/layers";
import PiggyBank from "lucide-react/icons/piggy-bank";
import TrendingUp from "lucide-react/icons/trending-up";
import Users from "lucide-react/icons/users";
import { useNavigation, useSearchParams } from "react-router";
import { stackOutcomes } from "../../core/outcomes.ts";
import { OutcomeIcon } from "../components/stacks/outcome-icon.tsx";
import { StackCard, StackCardSkeleton } from "../components/stacks/stack-card.tsx";
import type { Route } from "./+types/stacks";

export { loader } from "./stacks.server.ts";

/** Four loading placeholders; stacks save up to 25%. */
const SKELETONS = 4;

export const meta: Route.MetaFunction = () => [
  { title: "Wellness Stacks | MANA" },
  {
    name: "description",
    content:
      "Expert-formulated combinations of MANA formulas for focus, energy, stress resilience, sleep and recovery. Save up to 25% versus buying individually.",
  },
  { property: "og:title", content: "Wellness Stacks | MANA" },
  { property: "og:type", content: "website" },
];

const benefits = [
  {
    icon: Award,
    title: "Expert Formulated",
    text: "Each stack is built and reviewed by our scientists and practitioners, with a reason for every pairing.",
  },
  {
    icon: PiggyBank,
    title: "Better Value",
    text: "Stacks save up to 25% versus buying individually, with free shipping on every stack.",
  },
  {
    icon: TrendingUp,
    title: "Proven Results",
    text: "Ingredients chosen from published research and thousands of customers' routines.",
  },
];

const reasons = [
  {
    icon: Layers,
    title: "Synergistic Formulation",
    text: "Formulas that work at different times of day and support one another, not duplicates of each other.",
  },
  {
    icon: FlaskConical,
    title: "Quality Assurance",
    text: "Every batch third-party tested for identity, potency and purity before it ships.",
  },
  {
    icon: Users,
    title: "Community Proven",
    text: "Routines refined with feedback from thousands of people who take them every day.",
  },
];

export default function StacksPage({ loaderData }: Route.ComponentProps) {
  const { outcome, stacks } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/stacks";
  const select = (id: string | null) =>
    setSearchParams(id ? { outcome: id } : {}, { preventScrollReset: true });

  return (
    <div className="pb-16">
      <section className="bg-forest text-cream">
        <div className="container-shop py-16 text-center md:py-20">
          <p className="text-sm font-semibold tracking-widest text-cream/80 uppercase">Wellness Stacks</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl text-cream md:text-5xl">
            Formulas that work better together
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-cream/85">
            Curated combinations for the outcome you care about. Stacks save up to 25% versus buying
            individually.
          </p>
          <ul className="mt-12 grid gap-6 text-left md:grid-cols-3">
            {benefits.map((b) => (
              <li key={b.title} className="rounded-card bg-white/10 p-6">
                <b.icon className="size-7 text-gold-bright" aria-hidden />
                <h2 className="mt-3 text-xl text-cream">{b.title}</h2>
                <p className="mt-2 text-cream/85">{b.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container-shop">
        <section aria-labelledby="filter-heading" className="mt-14 text-center">
          <h2 id="filter-heading" className="text-3xl">
            Find Your Perfect Stack
          </h2>
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
                All Stacks
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
                    {o.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-label="Stacks" aria-busy={loading} className="mt-10">
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
              <p className="font-display text-2xl text-forest">No stacks found</p>
              <p className="mt-2 text-muted">
                Try adjusting your outcome filter or check back soon for new stacks
              </p>
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
            Why Choose MANA Stacks?
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {reasons.map((r) => (
              <li key={r.title} className="rounded-card bg-sand p-8 text-center">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-white">
                  <r.icon className="size-7 text-verdant" aria-hidden />
                </span>
                <h3 className="mt-4 text-xl">{r.title}</h3>
                <p className="mt-2 text-muted">{r.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center justify-center gap-2 text-sm text-muted">
            <BadgeCheck className="size-4 text-verdant" aria-hidden /> 60-day money-back guarantee on every
            stack
          </p>
        </section>
      </div>
    </div>
  );
}
