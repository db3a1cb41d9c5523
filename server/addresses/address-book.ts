import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ADDRESS_FIELDS, type ShippingAddress } from "../../core/address.ts";
import type { AddressView } from "../../core/contracts/addresses.ts";
import type { DbOrTx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { addresses, user } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";

/**
 * A customer's saved shipping addresses. Every read and write is scoped to the owner: another user's
 * address id is treated exactly as an unknown one (null), so ids reveal nothing. At most one address is
 * the default (a partial unique index); the first saved address becomes it.
 */

const columns = {
  id: addresses.id,
  fullName: addresses.fullName,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  region: addresses.region,
  postalCode: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
  isDefault: addresses.isDefault,
};

/** A customer keeps at most this many addresses. */
export const MAX_ADDRESSES = 20;

const addressesOf = perDatabase((db) =>
  db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, sql.placeholder("userId")))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id))
    .prepare("addresses_of_user"),
);

export function listAddresses(db: DbOrTx, userId: string): Promise<AddressView[]> {
  return addressesOf(db).execute({ userId });
}

export async function findAddress(db: DbOrTx, userId: string, id: string): Promise<AddressView | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row ?? null;
}

/** The book holds its most already: one must go before another is saved. */
export class AddressBookFull extends Conflict {
  constructor() {
    super("address_book_full", `You can keep up to ${MAX_ADDRESSES} addresses. Delete one to add another.`);
  }
}

/** Saves an address; it becomes the default when asked or when it is the customer's first. */
export async function addAddress(
  db: DbOrTx,
  userId: string,
  address: ShippingAddress,
  makeDefault = false,
): Promise<AddressView> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (count >= MAX_ADDRESSES) throw new AddressBookFull();
    const isDefault = makeDefault || count === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...address, isDefault })
      .returning(columns);
    return row as AddressView;
  });
}

/** Saves an address unless the customer already has the same one; returns the saved or existing row. */
export async function addAddressOnce(
  db: DbOrTx,
  userId: string,
  address: ShippingAddress,
): Promise<AddressView> {
  const same = (await listAddresses(db, userId)).find((a) => sameAddress(a, address));
  return same ?? addAddress(db, userId, address);
}

export function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  return ADDRESS_FIELDS.every((k) => (a[k] ?? "").toLowerCase() === (b[k] ?? "").toLowerCase());
}

export async function updateAddress(
  db: DbOrTx,
  userId: string,
  id: string,
  address: ShippingAddress,
  makeDefault = false,
): Promise<AddressView | null> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    if (!(await findAddress(tx, userId, id))) return null;
    if (makeDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ ...address, ...(makeDefault ? { isDefault: true } : {}), updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning(columns);
    return row ?? null;
  });
}

export async function makeDefaultAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<AddressView | null> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    if (!(await findAddress(tx, userId, id))) return null;
    await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning(columns);
    return row ?? null;
  });
}

/** Deletes an address; when it was the default, the oldest remaining one takes its place. */
export async function deleteAddress(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return true;
  });
}

/** One change to a customer's book at a time (the count and the default are read, then written). */
async function lockBook(tx: DbOrTx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

async function clearDefault(tx: DbOrTx, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}
