import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";

interface MissingPageProps {
  title: string;
  text: string;
  to: string;
  linkLabel: string;
  badge?: ReactNode;
}

/** The page shown when something is not there (or failed): a title, a line, and a way back. */
export function MissingPage({ title, text, to, linkLabel, badge }: MissingPageProps) {
  return (
    <section className="container-shop py-24 text-center">
      {badge}
      <h1 className={badge ? "mt-4 text-3xl" : "text-3xl"}>{title}</h1>
      <p className="mt-4 text-muted">{text}</p>
      <Button asChild size="md-wide" className="mt-8">
        <Link to={to}>{linkLabel}</Link>
      </Button>
    </section>
  );
}

/** A route's error boundary: the route's own "not found" texts for a 404, a generic apology otherwise. */
export function RouteErrorPage({
  error,
  notFound,
  ...rest
}: { error: unknown; notFound: { title: string; text: string; badge?: ReactNode } } & Omit<
  MissingPageProps,
  "title" | "text" | "badge"
>) {
  const t = useT();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return missing ? (
    <MissingPage {...rest} {...notFound} />
  ) : (
    <MissingPage {...rest} title={t("notFound.error.title")} text={t("notFound.error.text")} />
  );
}
