/**
 * The account page's writes (app/routes/account.server.ts `action`): what its forms post, as JSON with
 * one `intent` each, and what the action answers. A refusal carries its status and the same error body
 * as the /api routes (server/http/error-status.ts `ErrorBody`).
 */
import type { AddressInput, AddressView } from "./addresses.ts";
import type { ProfileView } from "./profile.ts";
import type { PreviewedAction, SubscriptionView } from "./subscriptions.ts";

export type AccountIntent =
  | { intent: "profile"; displayName: string; phoneNumber: string }
  | { intent: "subscription"; id: string; action: string; body: unknown }
  | { intent: "subscription-preview"; id: string; action: PreviewedAction; body: unknown }
  | { intent: "card"; id: string }
  | { intent: "address-save"; id: string | null; address: AddressInput; makeDefault: boolean }
  | { intent: "address-default"; id: string }
  | { intent: "address-delete"; id: string }
  | { intent: "bookmark-remove"; articleId: number };

/** The refusal of a write: the status the /api would answer, and its JSON body. */
export interface AccountRefusal {
  ok: false;
  status: number;
  error: { message: string; code: string; fields?: Record<string, string> };
}

export type AccountActionResult =
  | { ok: true; intent: "profile"; profile: ProfileView }
  | { ok: true; intent: "subscription"; subscription: SubscriptionView; others: SubscriptionView[] }
  | { ok: true; intent: "subscription-preview"; subscription: SubscriptionView; others: SubscriptionView[] }
  | { ok: true; intent: "card"; url: string }
  | { ok: true; intent: "address-save"; address: AddressView; created: boolean }
  | { ok: true; intent: "address-default"; address: AddressView }
  | { ok: true; intent: "address-delete"; id: string }
  | { ok: true; intent: "bookmark-remove"; articleId: number }
  | AccountRefusal;

/** A product as the Subscriptions tab needs it: the swap choices and "Subscribe again". */
export interface ShopProduct {
  id: number;
  slug: string;
  name: string;
  priceCents: number;
  subscriptionDiscount: number | null;
}

/** What a write says when the shop cannot be reached (no connection). */
export const OFFLINE_MESSAGE = "We couldn't reach the shop. Check your connection and try again.";

/** Where the account page's writes are posted. */
export const ACCOUNT_ACTION = "/account";
