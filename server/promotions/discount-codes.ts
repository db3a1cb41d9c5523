import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import {
  type CodeAmounts,
  type CodeRefusal,
  type CodeRenewals,
  type CodeTerms,
  canonicalCode,
  dateRefusal,
  refusal,
} from "../../core/discount-code.ts";
import type { Db, Tx } from "../db/client.ts";
import { discountCodeAmounts, discountCodes, discountRedemptions, orders, user } from "../db/schema.ts";
import { Conflict, InvalidInput, NotFound, words } from "../domain-errors.ts";

/**
 * Discount codes as the checkout meets them: the terms of a stored code, the checks that need the shop's
 * records, the reservation of a use with the order and its release (docs/decisions/046-discount-codes.md).
 */

/** A stored code, with its amounts in the other currencies when they were read (`withAmounts`). */
export type DiscountCodeRow = typeof discountCodes.$inferSelect & { amounts?: CodeAmounts };
type Reader = Pick<Db, "select">;

/** The codes' amounts in the other currencies (`discount_code_amounts`), by code id. */
export async function codeAmountsOf(db: Reader, codeIds: string[]): Promise<Map<string, CodeAmounts>> {
  const out = new Map<string, CodeAmounts>();
  if (codeIds.length === 0) return out;
  const rows = await db
    .select()
    .from(discountCodeAmounts)
    .where(inArray(discountCodeAmounts.codeId, codeIds));
  for (const r of rows) {
    if (r.currency !== "CAD" && r.currency !== "EUR" && r.currency !== "GBP") continue;
    const amounts = out.get(r.codeId) ?? {};
    amounts[r.currency] = { amountCents: r.amountCents, minSubtotalCents: r.minSubtotalCents };
    out.set(r.codeId, amounts);
  }
  return out;
}

/** A stored code's terms, as the pricing function and the browser read them. */
export function codeTerms(row: DiscountCodeRow): CodeTerms {
  return {
    code: row.code,
    kind: row.kind as CodeTerms["kind"],
    percent: row.percent,
    amountCents: row.amountCents,
    minSubtotalCents: row.minSubtotalCents,
    productIds: row.productIds ?? null,
    combinesWithBundles: row.combinesWithBundles,
    firstOrderOnly: row.firstOrderOnly,
    renewals: row.renewals as CodeRenewals,
    renewalCount: row.renewalCount,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    amounts: row.amounts ?? {},
  };
}

/**
 * The stored code a shopper's text names (case-insensitive), with its amounts in the other currencies
 * (decision 051), or null.
 */
export async function findCode(db: Reader, text: string): Promise<DiscountCodeRow | null> {
  const code = canonicalCode(text);
  if (!code) return null;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  if (!row) return null;
  return { ...row, amounts: (await codeAmountsOf(db, [row.id])).get(row.id) ?? {} };
}

/** Who would use the code: the account, and the e-mail when it is known (a guest gives it at checkout). */
export interface CodeUser {
  userId: string | null;
  email: string | null;
  /** Uses held by pending orders of this cart are the checkout's own, not another use. */
  cartId: string | null;
}

/** Uses that count: paid orders' and those reserved by checkouts under way. */
const LIVE = inArray(discountRedemptions.status, ["reserved", "used"]);

/**
 * The checks a code passes before it is applied and again at checkout: active, within its dates, uses left,
 * not used before by this customer (by account or e-mail) when it is once per customer, and a first order
 * when it says so. Null when it passes. The cart's own checks (minimum, products) are the pricing
 * function's (core/pricing.ts).
 */
export async function recordsRefusal(
  db: Reader,
  row: DiscountCodeRow,
  who: CodeUser,
  now: Date,
): Promise<CodeRefusal | null> {
  if (row.status !== "active") return refusal(row.status === "ended" ? "expired" : "not_active", row.code);
  const dated = dateRefusal(codeTerms(row), now);
  if (dated) return dated;
  const notThisCart = who.cartId
    ? or(sql`${orders.cartId} is null`, ne(orders.cartId, who.cartId), ne(orders.status, "pending"))
    : undefined;
  if (row.maxUses !== null) {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(and(eq(discountRedemptions.codeId, row.id), LIVE, notThisCart));
    if (n >= row.maxUses) return refusal("used_up", row.code);
  }
  const mine = customerMatch(who, discountRedemptions.userId, discountRedemptions.email);
  if (row.oncePerCustomer && mine) {
    const [used] = await db
      .select({ id: discountRedemptions.id })
      .from(discountRedemptions)
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(and(eq(discountRedemptions.codeId, row.id), LIVE, mine, notThisCart))
      .limit(1);
    if (used) return refusal("used_by_you", row.code);
  }
  if (row.referrerUserId && (await isReferrer(db, row.referrerUserId, who)))
    return refusal("own_referral", row.code);
  const ordered = customerMatch(who, orders.userId, orders.email);
  if (row.firstOrderOnly && ordered) {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(ordered, sql`${orders.paidAt} is not null`))
      .limit(1);
    if (earlier) return refusal("first_order_only", row.code);
  }
  return null;
}

/** Whether the shopper is the referral code's own customer: the same account or the same e-mail. */
async function isReferrer(db: Reader, referrerUserId: string, who: CodeUser): Promise<boolean> {
  if (who.userId === referrerUserId) return true;
  if (!who.email) return false;
  const [referrer] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, referrerUserId))
    .limit(1);
  return referrer?.email.toLowerCase() === who.email.toLowerCase();
}

function customerMatch(
  who: CodeUser,
  userColumn: typeof orders.userId | typeof discountRedemptions.userId,
  emailColumn: typeof orders.email | typeof discountRedemptions.email,
) {
  const byUser = who.userId ? eq(userColumn, who.userId) : undefined;
  const byEmail = who.email ? sql`lower(${emailColumn}) = ${who.email.toLowerCase()}` : undefined;
  if (byUser && byEmail) return or(byUser, byEmail);
  return byUser ?? byEmail;
}

/** The domain error a refusal answers with: 404 for an unknown code, 409 for the others. */
export function refusalError(r: CodeRefusal): Error {
  if (r.reason === "unknown") return new NotFound(r.message, "code_unknown");
  // In the language of the page that asked: the cart's currency and those the code has amounts in.
  if (r.reason === "not_in_currency")
    return new Conflict(
      "code_not_in_currency",
      words("errors.codeNotInCurrency", {
        code: r.code ?? "",
        currency: r.currency ?? "USD",
        currencies: (r.currencies ?? []).join(", "),
      }),
    );
  return new Conflict(`code_${r.reason}`, r.message);
}

/** The stored code a shopper's text names, or the error to answer: 400 for text that cannot be a code. */
export async function codeOrRefusal(db: Reader, text: string): Promise<DiscountCodeRow> {
  const code = canonicalCode(text);
  if (!code)
    throw new InvalidInput("invalid_code", "A code is 3 to 32 letters, digits, dashes or underscores.");
  const row = await findCode(db, code);
  if (!row) throw refusalError(refusal("unknown", code));
  return row;
}

/**
 * Reserves one use of the code for a pending order, in the order's transaction, with the code's row
 * locked: two checkouts at once count each other's use, so a code with n uses left is taken at most n
 * times. The cart's other pending orders give theirs back first (a changed cart makes a new order). Throws
 * the refusal (409) when the code can no longer be used.
 */
export async function reserveCodeUse(
  tx: Tx,
  input: {
    codeId: string;
    orderId: string;
    userId: string | null;
    email: string;
    cartId: string;
    amountCents: number;
  },
  now: Date,
): Promise<void> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, input.codeId)).for("update");
  if (!row) throw refusalError(refusal("unknown", ""));
  await tx
    .update(discountRedemptions)
    .set({ status: "released", updatedAt: sql`now()` })
    .where(
      and(
        eq(discountRedemptions.status, "reserved"),
        ne(discountRedemptions.orderId, input.orderId),
        inArray(
          discountRedemptions.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.cartId, input.cartId), eq(orders.status, "pending"))),
        ),
      ),
    );
  const [held] = await tx
    .select({ id: discountRedemptions.id, status: discountRedemptions.status })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.orderId, input.orderId))
    .limit(1);
  if (held?.status === "reserved" || held?.status === "used") return;
  const refused = await recordsRefusal(
    tx,
    row,
    { userId: input.userId, email: input.email, cartId: null },
    now,
  );
  if (refused) throw refusalError(refused);
  await tx
    .insert(discountRedemptions)
    .values({
      codeId: row.id,
      orderId: input.orderId,
      userId: input.userId,
      email: input.email.toLowerCase(),
      amountCents: input.amountCents,
      status: "reserved",
    })
    .onConflictDoUpdate({
      target: discountRedemptions.orderId,
      set: { status: "reserved", amountCents: input.amountCents, updatedAt: sql`now()` },
    });
}

/** The order's use becomes final when it is paid (in the payment's transaction). */
export async function markCodeUsed(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: "used", updatedAt: sql`now()` })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, "reserved")));
}

/** Cancelled orders give their uses back (in the cancellation's transaction). */
export async function releaseCodeUses(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(discountRedemptions)
    .set({ status: "released", updatedAt: sql`now()` })
    .where(and(inArray(discountRedemptions.orderId, orderIds), ne(discountRedemptions.status, "released")));
}
