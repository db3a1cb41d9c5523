import type { Preferences } from "../../../core/contracts/preferences.ts";
import { type ToastInput, toast } from "../../hooks/use-toast.ts";
import { apiRequest } from "../../lib/api.ts";
import { type AuthUser, authClient, syncUser } from "../../lib/auth-client.ts";
import { mergeGuestWishlist } from "../../lib/guest-wishlist.ts";
import { applyTheme, storedTheme } from "../../lib/theme.ts";

/** The theme saved on the account follows the customer to this browser. */
async function applyAccountTheme() {
  try {
    const { display } = await apiRequest<Preferences>("GET", "/api/preferences");
    if (display.theme !== storedTheme()) applyTheme(display.theme);
  } catch {
    // The browser's own theme stays; the preferences page shows the saved one.
  }
}

export const PROFILE_SYNC_ERROR = {
  title: "Profile Sync Error",
  description: "Could not sync your profile. Some features may be limited.",
  variant: "destructive" as const,
};

/**
 * After every sign-in: sync the profile from the session, bring the guest's wishlist into the account,
 * then show the success toast.
 * A failed sync does not undo the sign-in; it shows the sync error instead (`syncError`: in the page's
 * language, docs/decisions/049-languages.md).
 */
export async function completeSignIn(
  success:
    | { title: string; description?: string }
    | ((u: AuthUser) => { title: string; description?: string }),
  syncError: ToastInput = PROFILE_SYNC_ERROR,
) {
  const { data } = await authClient.getSession({ query: { disableCookieCache: true } });
  const user = data?.user as AuthUser | undefined;
  if (!user) {
    toast(syncError);
    return;
  }
  void applyAccountTheme();
  try {
    await syncUser(user);
    // The wishlist kept in this browser as a guest joins the account (a failure keeps it for the next page).
    await mergeGuestWishlist().catch(() => null);
    toast(typeof success === "function" ? success(user) : success);
  } catch {
    toast(syncError);
  }
}
