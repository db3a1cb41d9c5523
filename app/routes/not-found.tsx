import { MissingPage } from "../components/layout/missing-page.tsx";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/not-found";

export { loader } from "./not-found.server.ts";

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "robots", content: "noindex" },
];

export function NotFoundPage() {
  const t = useT();
  return (
    <MissingPage
      badge={<p className="font-display text-6xl text-gold">404</p>}
      title={t("notFound.title")}
      text={t("notFound.text")}
      to="/"
      linkLabel={t("notFound.back")}
    />
  );
}

export default function NotFound() {
  return <NotFoundPage />;
}
