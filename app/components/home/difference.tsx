import BadgeCheck from "lucide-react/icons/badge-check";
import BookOpen from "lucide-react/icons/book-open";
import FlaskConical from "lucide-react/icons/flask-conical";
import Leaf from "lucide-react/icons/leaf";
import { useT } from "../../i18n/i18n.tsx";
import { SectionLink } from "../layout/nav-link.tsx";
import { Button } from "../ui/button.tsx";

const points = [
  { Icon: BadgeCheck, title: "home.difference.nsf.title", text: "home.difference.nsf.text" },
  { Icon: FlaskConical, title: "home.difference.lab.title", text: "home.difference.lab.text" },
  { Icon: Leaf, title: "home.difference.ancestral.title", text: "home.difference.ancestral.text" },
  { Icon: BookOpen, title: "home.difference.clinical.title", text: "home.difference.clinical.text" },
];

export function Difference() {
  const t = useT();
  return (
    <section aria-labelledby="difference-title" className="bg-sand py-16">
      <div className="container-shop">
        <h2 id="difference-title" className="text-center text-3xl">
          {t("home.difference.title")}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {points.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-card bg-cream p-6 shadow-card">
              <Icon className="size-8 text-forest" aria-hidden />
              <h3 className="mt-4 text-lg">{t(title)}</h3>
              <p className="mt-2 text-sm text-muted">{t(text)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild variant="outline-strong" size="lg">
            <SectionLink section="products">{t("home.difference.research")}</SectionLink>
          </Button>
        </div>
      </div>
    </section>
  );
}

const testimonials = [
  { quote: "home.testimonials.maya", name: "Maya R.", product: "Total Restore" },
  { quote: "home.testimonials.daniel", name: "Daniel K.", product: "Korean Ginseng" },
  { quote: "home.testimonials.priya", name: "Priya S.", product: "Ashwagandha" },
];

/** Testimonials and the science behind the formulas (anchor #science). */
export function Testimonials() {
  const t = useT();
  return (
    <section id="science" aria-labelledby="science-title" className="container-shop py-16">
      <h2 id="science-title" className="text-center text-3xl">
        {t("home.testimonials.title")}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-muted">{t("home.testimonials.text")}</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {testimonials.map((item) => (
          <li key={item.name}>
            <figure className="h-full rounded-card bg-white p-6 shadow-card">
              <blockquote className="font-display text-lg text-forest">{t(item.quote)}</blockquote>
              <figcaption className="mt-4 text-sm text-muted">
                {t("home.testimonials.takes", { name: item.name, product: item.product })}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-muted">{t("home.testimonials.vary")}</p>
    </section>
  );
}
