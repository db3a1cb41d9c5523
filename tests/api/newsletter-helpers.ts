import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { outbox } from "../../server/db/schema.ts";
import type { TestShop } from "../support/test-app.ts";

export const ORIGIN = "http://localhost";
export const CONFIRM_SUBJECT = "Confirm your subscription to the MANA letter";

/** POST /api/newsletter as the home page's form sends it (from the shop's own origin). */
export const signUpForNewsletter = (shop: TestShop, body: unknown, headers: Record<string, string> = {}) =>
  shop.app.request(`${ORIGIN}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** The e-mails the outbox holds for an address with the given subject. */
export async function mailsTo(shop: TestShop, email: string, subject: string) {
  return shop.services.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, subject)))
    .orderBy(desc(outbox.createdAt));
}

/** The token of the confirmation link in the newest confirmation e-mail to the address (text and HTML). */
export async function confirmationToken(shop: TestShop, email: string, origin = ORIGIN): Promise<string> {
  const [mail] = await mailsTo(shop, email, CONFIRM_SUBJECT);
  const link = mail?.text.match(/Confirm your subscription: (\S+)/)?.[1] as string;
  expect(link).toMatch(new RegExp(`^${origin}/newsletter/confirm\\?token=`));
  expect(mail?.html).toContain(`href="${link}"`);
  return decodeURIComponent(new URL(link).searchParams.get("token") as string);
}

/** Follows a confirmation link the way its page's button does. */
export const confirmSubscription = (shop: TestShop, token: string) =>
  shop.app.request(`${ORIGIN}/api/newsletter/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });

/** Signs the address up and follows the link in its confirmation e-mail. */
export async function subscribedAndConfirmed(shop: TestShop, email: string, origin = ORIGIN): Promise<void> {
  expect((await signUpForNewsletter(shop, { email, consent: true })).status).toBe(200);
  const token = await confirmationToken(shop, email.trim().toLowerCase(), origin);
  const res = await confirmSubscription(shop, token);
  expect(res.status).toBe(200);
}
