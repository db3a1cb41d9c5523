import Award from "lucide-react/icons/award";
import FlaskConical from "lucide-react/icons/flask-conical";
import ShieldCheck from "lucide-react/icons/shield-check";
import { dailyPriceCents } from "../../../core/pricing.ts";
import { useT } from "../../i18n/i18n.tsx";
import { usePrices } from "../../lib/currency.ts";
import { SectionLink } from "../layout/nav-link.tsx";
import { Button } from "../ui/button.tsx";

const badges = [
  { Icon: ShieldCheck, label: "home.hero.badge.certified" },
  { Icon: FlaskConical, label: "home.hero.badge.tested" },
  { Icon: Award, label: "home.hero.badge.guarantee" },
];

export function Hero() {
  const t = useT();
  return (
    <section className="relative overflow-hidden bg-sand">
      {/* The drawing in each theme's own palette (app/dark-theme.css shows the one that fits); the dark one
          loads only where it is shown. */}
      <img
        src="/images/hero-botanical.svg"
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="light-only pointer-events-none absolute inset-0 h-full w-full object-cover object-right opacity-70"
      />
      <img
        src="/images/hero-botanical-dark.svg"
        alt=""
        width={1600}
        height={900}
        loading="lazy"
        className="dark-only pointer-events-none absolute inset-0 h-full w-full object-cover object-right opacity-70"
      />
      <div className="container-shop relative grid gap-8 py-20 md:py-28">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">{t("home.hero.eyebrow")}</p>
        <h1 className="max-w-3xl text-3xl sm:text-4xl md:text-5xl">{t("home.hero.title")}</h1>
        <p className="max-w-xl text-lg text-ink">{t("home.hero.text")}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <SectionLink section="products">{t("home.hero.start")}</SectionLink>
          </Button>
          <Button asChild variant="outline-strong" size="lg">
            <SectionLink section="science">{t("home.hero.learn")}</SectionLink>
          </Button>
        </div>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-forest">
          {badges.map(({ Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-5" aria-hidden />
              {t(label)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Each figure and its words are a message pair: a language writes "92 %" as it writes percentages. */
const stats = [
  { value: "home.stats.cognitive.value", label: "home.stats.cognitive.label" },
  { value: "home.stats.sleep.value", label: "home.stats.sleep.label" },
  { value: "home.stats.tradition.value", label: "home.stats.tradition.label" },
  { value: "home.stats.daily.value", label: "home.stats.daily.label" },
  { value: "home.stats.bundle.value", label: "home.stats.bundle.label" },
];

export function Stats() {
  const t = useT();
  // The complete system's daily price in the shopper's currency (decision 051); left out when it is not
  // sold in it.
  const prices = usePrices();
  const bundle = prices.stack("complete-mana-system");
  const shown = bundle === null ? stats.filter((s) => s.value !== "home.stats.daily.value") : stats;
  const price = bundle === null ? "" : prices.format(dailyPriceCents(bundle));
  return (
    <section aria-label={t("home.stats.label")} className="border-y border-sand-deep bg-cream">
      <dl className="container-shop grid grid-cols-2 gap-6 py-10 text-center md:grid-cols-5">
        {shown.map((s) => (
          <div key={s.label}>
            <dt className="sr-only">{t(s.label)}</dt>
            <dd className="font-display text-3xl text-forest">{t(s.value, { price })}</dd>
            <dd className="mt-1 text-sm text-muted">{t(s.label)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
