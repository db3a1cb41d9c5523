import { lazy, Suspense, useEffect, useState } from "react";
import { whenAuthClientLoaded } from "../../lib/auth-client-loaded.ts";
import { useQuery } from "../../lib/query.ts";
import { hasSession, sessionProbeKey } from "../../lib/session-probe.ts";
import { useApplyTheme } from "../../lib/theme.ts";
import { SignedOutLinks } from "./signed-out-links.tsx";

// The avatar menu and Better Auth's client load only for a signed-in visitor: a visitor's pages ship
// without their JavaScript.
const AccountMenu = lazy(() => import("./account-menu.tsx").then((m) => ({ default: m.AccountMenu })));

/**
 * The header's account corner. The server renders Sign In and Get Started (pages are cached for every
 * visitor, and a browser without JavaScript needs the links); the browser swaps in the live account menu
 * (account-menu.tsx) once its session probe finds a session or once a page has loaded the auth client.
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
  const session = useQuery({ queryKey: sessionProbeKey, queryFn: hasSession, enabled: !clientLoaded });

  const signedOut = <SignedOutLinks variant={variant} onNavigate={onNavigate} />;
  if (clientLoaded || session.data) {
    return (
      <Suspense fallback={signedOut}>
        <AccountMenu variant={variant} onNavigate={onNavigate} />
      </Suspense>
    );
  }
  return signedOut;
}
