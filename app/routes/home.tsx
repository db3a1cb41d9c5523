import { Link } from "react-router";
import { appContext } from "../context.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "MANA | Integrated science and ancestral wisdom" },
  {
    name: "description",
    content:
      "Korean Ginseng, Total Restore, Ashwagandha and Verdant Edge: four monthly supplements rooted in tradition and tested in the lab.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.get(appContext);
  return { products: await catalogue.list() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section id="products" className="container-shop py-16">
      <h1 className="text-4xl">Integrated science and ancestral wisdom</h1>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.products.map((p) => (
          <li key={p.id} className="rounded-card bg-sand p-5 shadow-card">
            <img
              src={p.imageUrl}
              alt={`${p.name}, ${p.packageSize}`}
              width={400}
              height={400}
              className="w-full"
            />
            <h2 className="mt-4 text-xl">
              <Link to={`/products/${p.slug}`}>{p.name}</Link>
            </h2>
            <p className="text-muted">{p.tagline}</p>
            <p className="mt-2 font-semibold text-gold">${p.price}/month</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
