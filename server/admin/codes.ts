import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  type AdminCodeAmountsPut,
  type AdminCodeCreate,
  type AdminCodesResponse,
  type AdminCodeView,
  type CodeCurrencySales,
  type CodeState,
  codeAmountIssues,
} from "../../core/contracts/admin-codes.ts";
import type { CodeStatus } from "../../core/discount-code.ts";
import { CURRENCIES } from "../../core/markets.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { UUID } from "../../core/uuid.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { discountCodeAmounts, discountCodes, discountRedemptions, orders, products } from "../db/schema.ts";
import { Conflict, InvalidInput, NotFound } from "../domain-errors.ts";
import { codeAmountsOf, codeTerms, type DiscountCodeRow } from "../promotions/discount-codes.ts";

/**
 * The owner's discount codes: the list with each code's uses and what its orders brought in, a new code, and
 * its pause, resumption or end, each write with its audit row in one transaction
 * (docs/decisions/046-discount-codes.md).
 */

/** What a shopper meets now: an active code may not have started, be past its end, or have no use left. */
export function codeState(row: DiscountCodeRow, liveUses: number, now: Date): CodeState {
  if (row.status !== "active") return row.status as CodeStatus;
  if (row.startsAt && now < row.startsAt) return "scheduled";
  if (row.endsAt && now >= row.endsAt) return "expired";
  if (row.maxUses !== null && liveUses >= row.maxUses) return "used_up";
  return "active";
}

/**
 * Every code the shop made (customers' referral codes are not listed), newest first, ended ones last. Uses are the codes' redemptions (`used`: paid; `reserved`: a checkout under
 * way). Orders, revenue and discount are the paid orders that carry the code (renewals it discounted
 * too), cancelled ones left out; revenue is what was paid less what was refunded, as the overview counts.
 */
export async function listAdminCodes(db: DbOrTx, now = new Date()): Promise<AdminCodesResponse> {
  const [rows, uses, sales] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      // A customer's referral code is theirs, not one the owner made: it is not listed here.
      .where(isNull(discountCodes.referrerUserId))
      .orderBy(sql`${discountCodes.status} = 'ended'`, desc(discountCodes.createdAt), discountCodes.code),
    db
      .select({
        codeId: discountRedemptions.codeId,
        status: discountRedemptions.status,
        n: sql<number>`count(*)::int`,
      })
      .from(discountRedemptions)
      .where(inArray(discountRedemptions.status, ["used", "reserved"]))
      .groupBy(discountRedemptions.codeId, discountRedemptions.status),
    db
      .select({
        code: orders.discountCode,
        currency: orders.currency,
        orders: sql<number>`count(*)::int`,
        revenueCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::int`,
        discountCents: sql<number>`coalesce(sum(${orders.codeDiscountCents}), 0)::int`,
      })
      .from(orders)
      .where(and(isNotNull(orders.discountCode), isNotNull(orders.paidAt), ne(orders.status, "cancelled")))
      .groupBy(orders.discountCode, orders.currency),
  ]);
  const amounts = await codeAmountsOf(
    db,
    rows.map((r) => r.id),
  );
  const count = (codeId: string, status: string) =>
    Number(uses.find((u) => u.codeId === codeId && u.status === status)?.n ?? 0);
  return {
    codes: rows.map((row) => {
      // Each currency summed on its own, never together (docs/decisions/051), US dollars first.
      const byCurrency: CodeCurrencySales[] = [];
      for (const s of sales.filter((s) => s.code === row.code)) {
        const currency = storedCurrency(s.currency);
        let into = byCurrency.find((c) => c.currency === currency);
        if (!into) {
          into = { currency, orders: 0, revenueCents: 0, discountCents: 0 };
          byCurrency.push(into);
        }
        into.orders += Number(s.orders);
        into.revenueCents += Number(s.revenueCents ?? 0);
        into.discountCents += Number(s.discountCents ?? 0);
      }
      byCurrency.sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));
      const usd = byCurrency.find((c) => c.currency === "USD");
      const used = count(row.id, "used");
      const reserved = count(row.id, "reserved");
      return {
        id: row.id,
        terms: codeTerms({ ...row, amounts: amounts.get(row.id) ?? {} }),
        maxUses: row.maxUses,
        oncePerCustomer: row.oncePerCustomer,
        status: row.status as CodeStatus,
        state: codeState(row, used + reserved, now),
        createdBy: row.createdBy,
        createdAt: row.createdAt.toISOString(),
        uses: used,
        reserved,
        orders: byCurrency.reduce((n, c) => n + c.orders, 0),
        revenueCents: usd?.revenueCents ?? 0,
        discountCents: usd?.discountCents ?? 0,
        byCurrency,
      };
    }),
  };
}

/** The products a code may name, by id, as the form lists them. */
export function codeProducts(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db.select({ id: products.id, name: products.name }).from(products).orderBy(products.id);
}

/** One code as the list shows it. */
async function codeView(db: DbOrTx, id: string): Promise<AdminCodeView> {
  const found = (await listAdminCodes(db)).codes.find((c) => c.id === id);
  if (!found) throw new NotFound("There is no such discount code.");
  return found;
}

/** What an audit row keeps of a code: its terms, limits and status. */
function audited(row: DiscountCodeRow): Record<string, unknown> {
  return {
    ...codeTerms(row),
    maxUses: row.maxUses,
    oncePerCustomer: row.oncePerCustomer,
    status: row.status,
  };
}

/**
 * Makes a code from a checked body (core/contracts/admin-codes.ts). Refused: products the shop does not
 * have, an end already past (400, by field), a code already taken (409, case-insensitive: codes are stored
 * canonical and unique, so two at once cannot both take it).
 */
export async function createCode(
  db: Db,
  actor: AuditActor,
  body: AdminCodeCreate,
  now = new Date(),
): Promise<AdminCodeView> {
  if (body.endsAt && new Date(body.endsAt) <= now)
    throw new InvalidInput("invalid_input", "The end has already passed.", {
      fields: { endsAt: "The end has already passed: choose a later one." },
    });
  if (body.productIds) {
    const known = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, body.productIds));
    const missing = body.productIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length > 0)
      throw new InvalidInput("unknown_product", `The shop has no product ${missing.join(", ")}.`, {
        fields: { productIds: `The shop has no product ${missing.join(", ")}.` },
      });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: body.code,
        kind: body.kind,
        percent: body.kind === "percent" ? (body.percent ?? null) : null,
        amountCents: body.kind === "amount" ? (body.amountCents ?? null) : null,
        minSubtotalCents: body.minSubtotalCents ?? null,
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        maxUses: body.maxUses ?? null,
        oncePerCustomer: body.oncePerCustomer,
        firstOrderOnly: body.firstOrderOnly,
        productIds: body.productIds ?? null,
        combinesWithBundles: body.combinesWithBundles,
        renewals: body.renewals,
        renewalCount: body.renewals === "first_n" ? (body.renewalCount ?? null) : null,
        status: "active",
        createdBy: typeof actor === "string" ? actor : actor.email,
      })
      .onConflictDoNothing({ target: discountCodes.code })
      .returning();
    if (!row) {
      const message = `The code ${body.code} already exists: choose another.`;
      throw new Conflict("code_taken", message, { fields: { code: message } });
    }
    if (body.amounts.length > 0)
      await tx.insert(discountCodeAmounts).values(
        body.amounts.map((a) => ({
          codeId: row.id,
          currency: a.currency,
          amountCents: a.amountCents ?? null,
          minSubtotalCents: a.minSubtotalCents ?? null,
        })),
      );
    await recordAudit(tx, {
      actor,
      action: "code.create",
      targetType: "discount_code",
      targetId: row.id,
      before: null,
      after: audited({ ...row, amounts: amountsOf(body.amounts) }),
    });
    return row.id;
  });
  return codeView(db, id);
}

const ACTION_OF: Record<CodeStatus, string> = {
  active: "code.resume",
  paused: "code.pause",
  ended: "code.end",
};

/**
 * Pauses, resumes or ends a code, with the code's row locked (a pause and an end at once are taken one
 * after the other). Pausing or ending refuses new uses from then on; checkouts already under way keep
 * theirs. An ended code is never active again (409): a new code is made instead. Asking for the status it
 * has changes nothing and writes no audit row.
 */
export async function setCodeStatus(
  db: Db,
  actor: AuditActor,
  id: string,
  status: CodeStatus,
): Promise<AdminCodeView> {
  if (!UUID.test(id)) throw new NotFound("There is no such discount code.");
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!row) throw new NotFound("There is no such discount code.");
    if (row.status === status) return;
    if (row.status === "ended")
      throw new Conflict(
        "code_ended",
        `The code ${row.code} has ended and cannot be used again. Make a new code instead.`,
      );
    const [after] = await tx
      .update(discountCodes)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(discountCodes.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: ACTION_OF[status],
      targetType: "discount_code",
      targetId: id,
      before: { status: row.status },
      after: after ? { status: after.status } : null,
    });
  });
  return codeView(db, id);
}

/** The amounts a body names, as a code's terms carry them. */
function amountsOf(list: AdminCodeAmountsPut["amounts"]): NonNullable<DiscountCodeRow["amounts"]> {
  return Object.fromEntries(
    list.map((a) => [
      a.currency,
      { amountCents: a.amountCents ?? null, minSubtotalCents: a.minSubtotalCents ?? null },
    ]),
  );
}

/**
 * Sets a code's amount off and minimum in CAD, EUR and GBP (decision 051), all of them: a currency left
 * out gives nothing there from then on. Checked against the code's own terms (`codeAmountIssues`: an amount
 * code needs its amount, a code with a minimum its minimum), with the code's row locked, one audit row with
 * the amounts before and after. An ended code keeps its amounts (409). Orders already placed keep theirs.
 */
export async function setCodeAmounts(
  db: Db,
  actor: AuditActor,
  id: string,
  body: AdminCodeAmountsPut,
): Promise<AdminCodeView> {
  if (!UUID.test(id)) throw new NotFound("There is no such discount code.");
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!row || row.referrerUserId) throw new NotFound("There is no such discount code.");
    if (row.status === "ended")
      throw new Conflict("code_ended", `The code ${row.code} has ended: its amounts stay as they were.`);
    const fields = codeAmountIssues(
      { kind: row.kind as AdminCodeCreate["kind"], minSubtotalCents: row.minSubtotalCents },
      body.amounts,
    );
    const messages = Object.values(fields);
    if (messages.length > 0)
      throw new InvalidInput("invalid_input", messages.slice(0, 5).join(" "), { fields });
    const before = (await codeAmountsOf(tx, [id])).get(id) ?? {};
    const after = amountsOf(body.amounts);
    if (JSON.stringify(sorted(before)) === JSON.stringify(sorted(after))) return;
    await tx.delete(discountCodeAmounts).where(eq(discountCodeAmounts.codeId, id));
    if (body.amounts.length > 0)
      await tx.insert(discountCodeAmounts).values(
        body.amounts.map((a) => ({
          codeId: id,
          currency: a.currency,
          amountCents: a.amountCents ?? null,
          minSubtotalCents: a.minSubtotalCents ?? null,
        })),
      );
    await recordAudit(tx, {
      actor,
      action: "code.amounts",
      targetType: "discount_code",
      targetId: id,
      before: { amounts: before },
      after: { amounts: after },
    });
  });
  return codeView(db, id);
}

/** Amounts by currency in a fixed order, to compare two. */
function sorted(amounts: NonNullable<DiscountCodeRow["amounts"]>) {
  return (["CAD", "EUR", "GBP"] as const).map((c) => [c, amounts[c] ?? null]);
}
