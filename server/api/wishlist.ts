import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type WishlistKey,
  type WishlistResponse,
  wishlistKeySchema,
  wishlistMergeBody,
} from "../../core/contracts/wishlist.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { requireUser, type SignedIn } from "../http/require-user.ts";
import { readJsonBody } from "../http/validate.ts";
import {
  clearWishlist,
  knownKeys,
  listWishlist,
  removeFromWishlist,
  saveToWishlist,
} from "../wishlist/wishlist.ts";

const idParam = z.coerce.number().int().positive().max(1_000_000);

/**
 * The signed-in customer's own wishlist under /api/wishlist (a guest's stays in the browser and is posted
 * to /merge once after sign-in). Every write answers with the whole list. Another customer's items are
 * never seen: every query is by the session's user.
 *   GET / · PUT /items · DELETE /items/product/:id · DELETE /items/stack/:id · DELETE / · POST /merge
 */
export function wishlistApi(services: AppServices) {
  const { catalogue } = services;
  const db = services.database.db;

  const signedIn = requireUser(services, "Please sign in to keep your wishlist.");
  const answer = async (c: Context, userId: string) =>
    c.json<WishlistResponse>({ items: await listWishlist(db, catalogue, userId) });

  const removeRoute = (kind: "product" | "stack") => async (c: Context<SignedIn>) => {
    const { user } = c.var;
    const id = idParam.safeParse(c.req.param("id"));
    const key: WishlistKey | null = id.success
      ? kind === "product"
        ? { productId: id.data }
        : { stackId: id.data }
      : null;
    if (!key || !(await removeFromWishlist(db, user.id, key)))
      throw notFound("That item is not on your wishlist.");
    return answer(c, user.id);
  };

  return new Hono()
    .get("/", signedIn, async (c) => answer(c, c.var.user.id))
    .put("/items", signedIn, async (c) => {
      const { user } = c.var;
      const key = await readJsonBody(c, wishlistKeySchema);
      if ((await knownKeys(db, catalogue, [key])).length === 0)
        throw notFound("productId" in key ? "Product not found." : "Stack not found.");
      await saveToWishlist(db, user.id, [key]);
      return answer(c, user.id);
    })
    .delete("/items/product/:id", signedIn, removeRoute("product"))
    .delete("/items/stack/:id", signedIn, removeRoute("stack"))
    .delete("/", signedIn, async (c) => {
      const { user } = c.var;
      await clearWishlist(db, user.id);
      return c.json<WishlistResponse>({ items: [] });
    })
    .post("/merge", signedIn, async (c) => {
      const { user } = c.var;
      const { items } = await readJsonBody(c, wishlistMergeBody);
      // A product or stack gone from the shop since the guest saved it is left out, not refused.
      await saveToWishlist(db, user.id, await knownKeys(db, catalogue, items));
      return answer(c, user.id);
    });
}
