import { BundleOffer } from "../components/home/bundle-offer.tsx";
import { Difference, Testimonials } from "../components/home/difference.tsx";
import { Hero, Stats } from "../components/home/hero.tsx";
import { NewsletterForm } from "../components/home/newsletter-form.tsx";
import { FdaDisclaimer } from "../components/layout/fda-disclaimer.tsx";
import { ProductCard } from "../components/shop/product-card.tsx";
import type { Route } from "./+types/home";

export { loader } from "./home.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "MANA | Integrated science and ancestral wisdom" },
  {
    name: "description",
    content:
      "Korean Ginseng, Total Restore, Ashwagandha and Verdant Edge: four monthly supplements rooted in tradition and tested in the lab.",
  },
  { property: "og:title", content: "MANA | Integrated science and ancestral wisdom" },
  { property: "og:type", content: "website" },
  { property: "og:image", content: "/images/bundle.svg" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Stats />
      <section id="products" aria-labelledby="products-title" className="container-shop py-16">
        <h2 id="products-title" className="text-center text-3xl">
          Four formulas, one philosophy
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
          Each is a 30-day supply. Buy once, or subscribe and save 15% every month.
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
