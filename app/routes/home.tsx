import { BundleOffer } from "../components/home/bundle-offer.tsx";
import { Difference, Testimonials } from "../components/home/difference.tsx";
import { Hero, Stats } from "../components/home/hero.tsx";
import { NewsletterForm } from "../components/home/newsletter-form.tsx";
import { FdaDisclaimer } from "../components/layout/fda-disclaimer.tsx";
import { ProductCard } from "../components/shop/product-card.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/home";

export { loader } from "./home.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.meta.title },
        { name: "description", content: loaderData.meta.description },
        { property: "og:title", content: loaderData.meta.title },
        { property: "og:type", content: "website" },
        { property: "og:image", content: "/images/bundle.svg" },
      ]
    : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <Hero />
      <Stats />
      <section id="products" aria-labelledby="products-title" className="container-shop py-16">
        <h2 id="products-title" className="text-center text-3xl">
          {t("home.products.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted">{t("home.products.text")}</p>
        {/* A plain link: the quiz's code loads with its own page (app/routes/quiz.tsx), never here. */}
        <p className="mt-3 text-center">
          <Link to="/quiz" className="font-semibold text-forest underline underline-offset-4">
            {t("quiz.link")}
          </Link>
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.products.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} priority={i < 2} />
            </li>
          ))}
        </ul>
        <FdaDisclaimer className="mt-6 text-center" />
      </section>
      <BundleOffer />
      <Difference />
      <Testimonials />
      <NewsletterForm />
    </>
  );
}
