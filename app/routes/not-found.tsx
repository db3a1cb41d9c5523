import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "404 Page Not Found | MANA" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return data(null, { status: 404 });
}

export function NotFoundPage() {
  return (
    <section className="container-shop py-24 text-center">
      <p className="font-display text-6xl text-gold">404</p>
      <h1 className="mt-4 text-3xl">404 Page Not Found</h1>
      <p className="mt-4 text-muted">Did you forget to add the page to the router?</p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-forest px-6 font-semibold text-cream hover:bg-forest-deep"
      >
        Back to the shop
      </Link>
    </section>
  );
}

export default function NotFound() {
  return <NotFoundPage />;
}
