import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  MAX_WISHLIST_ITEMS,
  type WishlistKey,
  type WishlistResponse,
  wishlistKeySchema,
  wishlistMergeBody,
} from "../../core/contracts/wishlist.ts";
import type { AppServices, SessionUser } from "../context.ts";
import { ApiError, notFound } from "../http/api-error.ts";
import { readJsonBody } from "../http/validate.ts";
import {
  clearWishlist,
  knownKeys,
  listWishlist,
  removeFromWishlist,
  saveToWishlist,
  WishlistFull,
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

  async function requireUser(c: Context): Promise<SessionUser> {
    const user = await services.identity.getUser(c.req.raw.headers);
    if (!user) throw new ApiError(401, "unauthorized", "Please sign in to keep your wishlist.");
    return user;
  }
  const answer = async (c: Context, userId: string) =>
    c.json<WishlistResponse>({ items: await listWishlist(db, catalogue, userId) });

  async function save(userId: string, keys: WishlistKey[]) {
    try {
      await saveToWishlist(db, userId, keys);
    } catch (err) {
      if (err instanceof WishlistFull) {
        throw new ApiError(
          409,
          "wishlist_full",
          `Your wishlist holds up to ${MAX_WISHLIST_ITEMS} items. Remove one to save another.`,
        );
      }
      throw err;
    }
  }

  const removeRoute = (kind: "product" | "stack") => async (c: Context) => {
    const user = await requireUser(c);
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
    .get("/", async (c) => answer(c, (await requireUser(c)).id))
    .put("/items", async (c) => {
      const user = await requireUser(c);
      const key = await readJsonBody(c, wishlistKeySchema);
      if ((await knownKeys(db, catalogue, [key])).length === 0)
        throw notFound("productId" in key ? "Product not found." : "Stack not found.");
      await save(user.id, [key]);
      return answer(c, user.id);
    })
    .delete("/items/product/:id", removeRoute("product"))
    .delete("/items/stack/:id", removeRoute("stack"))
    .delete("/", async (c) => {
      const user = await requireUser(c);
      await clearWishlist(db, user.id);
      return c.json<WishlistResponse>({ items: [] });
    })
    .post("/merge", async (c) => {
      const user = await requireUser(c);
      const { items } = await readJsonBody(c, wishlistMergeBody);
      // A product or stack gone from the shop since the guest saved it is left out, not refused.
      await save(user.id, await knownKeys(db, catalogue, items));
      return answer(c, user.id);
    });
}
