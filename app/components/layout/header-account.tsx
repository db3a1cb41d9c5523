import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { apiRequest } from "../../lib/api.ts";
import { whenAuthClientLoaded } from "../../lib/auth-client-loaded.ts";
import { useApplyTheme } from "../../lib/theme.ts";
import { SignedOutLinks } from "./signed-out-links.tsx";

// The avatar menu and Better Auth's client load only for a signed-in visitor: a visitor's pages ship
// without their JavaScript.
const AccountMenu = lazy(() => import("./account-menu.tsx").then((m) => ({ default: m.AccountMenu })));

const placeholder = <div className="hidden h-11 w-40 sm:block" aria-hidden />;

/**
 * Whether this browser has a session: one small request instead of the auth client on every page. A
 * failed request counts as no session (the visitor sees Sign In, as without one).
 */
async function hasSession(): Promise<boolean> {
  const body = await apiRequest<{ user?: unknown } | null>("GET", "/api/auth/get-session").catch(() => null);
  return Boolean(body?.user);
}

/**
 * The header's account corner: Sign In and Get Started for a visitor without a session, the live
 * account menu (account-menu.tsx) once there is one or once a page has loaded the auth client.
 */
export function HeaderAccount({
  variant = "bar",
  onNavigate,
}: {
  variant?: "bar" | "sheet";
  onNavigate?: () => void;
}) {
  useApplyTheme();
  const [clientLoaded, setClientLoaded] = useState(false);
  useEffect(() => whenAuthClientLoaded(() => setClientLoaded(true)), []);
  const session = useQuery({ queryKey: ["session-probe"], queryFn: hasSession, enabled: !clientLoaded });

  if (clientLoaded || session.data) {
    const fallback = variant === "bar" ? placeholder : null;
    return (
      <Suspense fallback={fallback}>
        <AccountMenu variant={variant} onNavigate={onNavigate} />
      </Suspense>
    );
  }
  if (session.isPending) return variant === "bar" ? placeholder : null;
  return <SignedOutLinks variant={variant} onNavigate={onNavigate} />;
}
