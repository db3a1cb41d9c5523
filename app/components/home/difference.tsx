import BadgeCheck from "lucide-react/icons/badge-check";
import BookOpen from "lucide-react/icons/book-open";
import FlaskConical from "lucide-react/icons/flask-conical";
import Leaf from "lucide-react/icons/leaf";
import { SectionLink } from "../layout/nav-link.tsx";
import { Button } from "../ui/button.tsx";

const points = [
  {
    Icon: BadgeCheck,
    title: "NSF Certified",
    text: "Independently certified for what is on the label, and nothing that is not.",
  },
  {
    Icon: FlaskConical,
    title: "Laboratory Tested",
    text: "Every batch tested for identity, potency and purity before it ships.",
  },
  {
    Icon: Leaf,
    title: "Ancestral Wisdom Verified",
    text: "Botanicals chosen from traditions that have used them for centuries.",
  },
  {
    Icon: BookOpen,
    title: "Clinical Research",
    text: "Forms and amounts guided by published human studies.",
  },
];

export function Difference() {
  return (
    <section aria-labelledby="difference-title" className="bg-sand py-16">
      <div className="container-shop">
        <h2 id="difference-title" className="text-center text-3xl">
          The MANA Difference
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {points.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-card bg-cream p-6 shadow-card">
              <Icon className="size-8 text-forest" aria-hidden />
              <h3 className="mt-4 text-lg">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild variant="outline-strong" size="lg">
            <SectionLink section="products">View Research Studies</SectionLink>
          </Button>
        </div>
      </div>
    </section>
  );
}

const testimonials = [
  {
    quote: "Total Restore is now part of my evening. I wind down more easily and wake up feeling rested.",
    name: "Maya R.",
    product: "Total Restore",
  },
  {
    quote: "A dropper of Korean Ginseng in my morning water and my afternoons feel steadier.",
    name: "Daniel K.",
    product: "Korean Ginseng",
  },
  {
    quote: "Busy weeks feel more manageable since I started Ashwagandha. I like knowing where it comes from.",
    name: "Priya S.",
    product: "Ashwagandha",
  },
];

/** Testimonials and the science behind the formulas (anchor #science). */
export function Testimonials() {
  return (
    <section id="science" aria-labelledby="science-title" className="container-shop py-16">
      <h2 id="science-title" className="text-center text-3xl">
        Science you can feel, stories you can trust
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-muted">
        Ginsenosides, magnesium glycinate and withanolides are among the most studied botanical and mineral
        compounds. Here is what our customers tell us.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="h-full rounded-card bg-white p-6 shadow-card">
              <blockquote className="font-display text-lg text-forest">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm text-muted">
                {t.name} · takes {t.product}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-muted">Individual experiences vary.</p>
    </section>
  );
}
