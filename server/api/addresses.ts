import { type Context, Hono } from "hono";
import { z } from "zod";
import { uuidField } from "../../core/uuid.ts";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "../addresses/address-book.ts";
import { parseShippingAddress } from "../addresses/shipping-address.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { requireUser } from "../http/require-user.ts";
import { readJsonBody } from "../http/validate.ts";
import { shipToCountries } from "../markets/markets.ts";

const body = z.record(z.string(), z.unknown());

/**
 * The address book under /api/addresses: signed-in only, the user's own rows only; another user's
 * address id answers 404 like an unknown one.
 *   GET / · POST / · PUT /:id · POST /:id/default · DELETE /:id
 */
export function addressesApi(services: AppServices) {
  const db = services.database.db;
  // The countries shipped to now: the owner's markets' (decision 051), read per request.
  const shipTo = () => shipToCountries(services.catalogue, services.env);

  const signedIn = requireUser(services, "Please sign in to manage your addresses.");
  const idOf = (c: Context) => {
    const id = uuidField().safeParse(c.req.param("id"));
    if (!id.success) throw notFound("Address not found.");
    return id.data;
  };
  const makeDefaultOf = (b: Record<string, unknown>) => b.makeDefault === true;

  return new Hono()
    .get("/", signedIn, async (c) => {
      const { user } = c.var;
      return c.json({ addresses: await listAddresses(db, user.id), shipTo: await shipTo() });
    })
    .post("/", signedIn, async (c) => {
      const { user } = c.var;
      const b = await readJsonBody(c, body);
      const address = parseShippingAddress(await shipTo(), b);
      return c.json(await addAddress(db, user.id, address, makeDefaultOf(b)), 201);
    })
    .put("/:id", signedIn, async (c) => {
      const { user } = c.var;
      const id = idOf(c);
      const b = await readJsonBody(c, body);
      const address = parseShippingAddress(await shipTo(), b);
      const row = await updateAddress(db, user.id, id, address, makeDefaultOf(b));
      if (!row) throw notFound("Address not found.");
      return c.json(row);
    })
    .post("/:id/default", signedIn, async (c) => {
      const { user } = c.var;
      const row = await makeDefaultAddress(db, user.id, idOf(c));
      if (!row) throw notFound("Address not found.");
      return c.json(row);
    })
    .delete("/:id", signedIn, async (c) => {
      const { user } = c.var;
      if (!(await deleteAddress(db, user.id, idOf(c)))) throw notFound("Address not found.");
      return c.json({ deleted: true });
    });
}
