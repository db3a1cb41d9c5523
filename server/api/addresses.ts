import { type Context, Hono } from "hono";
import { z } from "zod";
import { addressFieldErrors, addressSchema, type ShippingAddress } from "../../core/address.ts";
import {
  AddressBookFull,
  addAddress,
  deleteAddress,
  listAddresses,
  MAX_ADDRESSES,
  makeDefaultAddress,
  updateAddress,
} from "../addresses/address-book.ts";
import type { AppServices, SessionUser } from "../context.ts";
import { ApiError, notFound } from "../http/api-error.ts";
import { readJsonBody } from "../http/validate.ts";

const body = z.record(z.string(), z.unknown());

/** Checks an address form against the countries the shop ships to: a 400 with a message per field. */
export function parseShippingAddress(shipTo: readonly string[], value: unknown): ShippingAddress {
  const result = addressSchema(shipTo).safeParse(value ?? {});
  if (!result.success) {
    throw new ApiError(
      400,
      "invalid_address",
      "Please check the shipping address.",
      addressFieldErrors(result.error),
    );
  }
  return result.data;
}

/**
 * The address book under /api/addresses: signed-in only, the user's own rows only; another user's
 * address id answers 404 like an unknown one.
 *   GET / · POST / · PUT /:id · POST /:id/default · DELETE /:id
 */
export function addressesApi(services: AppServices) {
  const db = services.database.db;
  const shipTo = services.env.SHIP_TO_COUNTRIES;

  async function requireUser(c: Context): Promise<SessionUser> {
    const user = await services.identity.getUser(c.req.raw.headers);
    if (!user) throw new ApiError(401, "unauthorized", "Please sign in to manage your addresses.");
    return user;
  }
  const idOf = (c: Context) => {
    const id = z.uuid().safeParse(c.req.param("id"));
    if (!id.success) throw notFound("Address not found.");
    return id.data;
  };
  const makeDefaultOf = (b: Record<string, unknown>) => b.makeDefault === true;

  return new Hono()
    .get("/", async (c) => {
      const user = await requireUser(c);
      return c.json({ addresses: await listAddresses(db, user.id), shipTo });
    })
    .post("/", async (c) => {
      const user = await requireUser(c);
      const b = await readJsonBody(c, body);
      const address = parseShippingAddress(shipTo, b);
      try {
        return c.json(await addAddress(db, user.id, address, makeDefaultOf(b)), 201);
      } catch (err) {
        if (err instanceof AddressBookFull) {
          throw new ApiError(
            409,
            "address_book_full",
            `You can keep up to ${MAX_ADDRESSES} addresses. Delete one to add another.`,
          );
        }
        throw err;
      }
    })
    .put("/:id", async (c) => {
      const user = await requireUser(c);
      const id = idOf(c);
      const b = await readJsonBody(c, body);
      const address = parseShippingAddress(shipTo, b);
      const row = await updateAddress(db, user.id, id, address, makeDefaultOf(b));
      if (!row) throw notFound("Address not found.");
      return c.json(row);
    })
    .post("/:id/default", async (c) => {
      const user = await requireUser(c);
      const row = await makeDefaultAddress(db, user.id, idOf(c));
      if (!row) throw notFound("Address not found.");
      return c.json(row);
    })
    .delete("/:id", async (c) => {
      const user = await requireUser(c);
      if (!(await deleteAddress(db, user.id, idOf(c)))) throw notFound("Address not found.");
      return c.json({ deleted: true });
    });
}
