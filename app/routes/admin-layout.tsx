import { isRouteErrorResponse, NavLink, Outlet } from "react-router";
import { MissingPage, RouteErrorPage } from "../components/layout/missing-page.tsx";
import type { Route } from "./+types/admin-layout";

export { headers, loader } from "./admin-layout.server.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold ${
    isActive ? "bg-forest text-cream" : "text-ink hover:bg-sand"
  }`;

/** The owner's dashboard: who is signed in, the sections their role opens, and the section's page. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { email, role, sections, openReturns } = loaderData;
  return (
    <div className="container-shop py-8 sm:py-12">
      <p className="text-sm text-muted print:hidden">
        Dashboard · signed in as {email} ({role})
      </p>
      <nav aria-label="Dashboard" className="-mx-1 mt-3 overflow-x-auto px-1 pb-1 print:hidden">
        <ul className="flex gap-1">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.to === "/admin"} className={linkClass}>
                {s.label}
                {s.to === "/admin/returns" && openReturns > 0 ? " " : null}
                {s.to === "/admin/returns" && openReturns > 0 ? (
                  <span className="ml-1.5 rounded-full bg-status-yellow px-1.5 text-xs text-status-yellow-ink">
                    {openReturns}
                    <span className="sr-only"> open</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <MissingPage
        title="This page is for the shop's team"
        text="Your account does not have access to this part of the dashboard. If you work here, ask the shop's owner to give you access."
        to="/"
        linkLabel="Back to the shop"
      />
    );
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: "Page not found", text: "There is no such page in the dashboard." }}
      to="/admin"
      linkLabel="Overview"
    />
  );
}
