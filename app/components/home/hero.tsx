import Award from "lucide-react/icons/award";
import FlaskConical from "lucide-react/icons/flask-conical";
import ShieldCheck from "lucide-react/icons/shield-check";
import { SectionLink } from "../layout/nav-link.tsx";
import { Button } from "../ui/button.tsx";

const badges = [
  { Icon: ShieldCheck, label: "Third-party certified" },
  { Icon: FlaskConical, label: "Laboratory tested" },
  { Icon: Award, label: "60-day guarantee" },
];

export function Hero() {
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
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">
          Integrated science · Ancestral wisdom
        </p>
        <h1 className="max-w-3xl text-3xl sm:text-4xl md:text-5xl">
          Rooted in tradition. Proven in the lab. Made for your every day.
        </h1>
        <p className="max-w-xl text-lg text-ink">
          Four monthly supplements — Korean Ginseng, Total Restore, Ashwagandha and Verdant Edge — that bring
          centuries of botanical knowledge together with modern research.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <SectionLink section="products">Start Your Journey</SectionLink>
          </Button>
          <Button asChild variant="outline-strong" size="lg">
            <SectionLink section="science">Learn Our Science</SectionLink>
          </Button>
        </div>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-forest">
          {badges.map(({ Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-5" aria-hidden />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const stats = [
  { value: "92%", label: "cognitive improvement in ginseng studies" },
  { value: "74%", label: "better sleep with magnesium therapy" },
  { value: "2000+", label: "years of traditional use" },
  { value: "$3.33", label: "per day for the complete system" },
  { value: "78%", label: "choose the bundle" },
];

export function Stats() {
  return (
    <section aria-label="MANA in numbers" className="border-y border-sand-deep bg-cream">
      <dl className="container-shop grid grid-cols-2 gap-6 py-10 text-center md:grid-cols-5">
        {stats.map((s) => (
          <div key={s.label}>
            <dt className="sr-only">{s.label}</dt>
            <dd className="font-display text-3xl text-forest">{s.value}</dd>
            <dd className="mt-1 text-sm text-muted">{s.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
