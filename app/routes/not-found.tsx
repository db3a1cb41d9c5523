import { data } from "react-router";
import { MissingPage } from "../components/layout/missing-page.tsx";
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
    <MissingPage
      badge={<p className="font-display text-6xl text-gold">404</p>}
      title="404 Page Not Found"
      text="Did you forget to add the page to the router?"
      to="/"
      linkLabel="Back to the shop"
    />
  );
}

export default function NotFound() {
  return <NotFoundPage />;
}
