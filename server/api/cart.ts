import { type Context, Hono } from "hono";
import { z } from "zod";
import { cartAddBody, cartQuantityBody } from "../../core/contracts/cart.ts";
import { type CartOwner, issueGuestToken, readGuestTokenHash } from "../cart/cart-owner.ts";
import {
  addItem,
  clearOwnerCart,
  findCartId,
  listItems,
  listOwnerItems,
  removeItem,
  setQuantity,
} from "../cart/cart-store.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../http/api-error.ts";
import { readJsonBody } from "../http/validate.ts";

const itemId = z.uuid();

/** The cart API (spec point 7). Each visitor's cart is theirs alone: another visitor's line answers 404. */
export function cartApi(services: AppServices) {
  const { database, catalogue, env, identity } = services;
  const db = database.db;

  async function owner(c: Context): Promise<CartOwner> {
    const user = await identity.getUser(c.req.raw.headers);
    return user
      ? { kind: "user", userId: user.id }
      : { kind: "guest", tokenHash: readGuestTokenHash(c, env) };
  }

  /** For writes: a guest without a cart cookie gets one now. */
  async function ownerForWrite(c: Context): Promise<CartOwner & { isNew?: boolean }> {
    const o = await owner(c);
    if (o.kind === "guest" && !o.tokenHash) {
      return { kind: "guest", tokenHash: issueGuestToken(c, env), isNew: true };
    }
    return o;
  }

  function lineId(c: Context): string {
    const parsed = itemId.safeParse(c.req.param("id"));
    if (!parsed.success) throw notFound("Cart item not found.");
    return parsed.data;
  }

  return new Hono()
    .get("/", async (c) => {
      return c.json(await listOwnerItems(db, catalogue, await owner(c)));
    })
    .post("/", async (c) => {
      const body = await readJsonBody(c, cartAddBody);
      return c.json(await addItem(db, catalogue, await ownerForWrite(c), body), 201);
    })
    .put("/:id", async (c) => {
      const id = lineId(c);
      const body = await readJsonBody(c, cartQuantityBody);
      const cartId = await findCartId(db, await owner(c));
      await setQuantity(db, cartId, id, body.quantity);
      const item = (await listItems(db, catalogue, cartId)).find((i) => i.id === id);
      return c.json(item);
    })
    .delete("/:id", async (c) => {
      const id = lineId(c);
      await removeItem(db, await findCartId(db, await owner(c)), id);
      return c.json({ deleted: true });
    })
    .delete("/", async (c) => {
      const removed = await clearOwnerCart(db, await owner(c));
      return c.json({ cleared: removed });
    });
}
