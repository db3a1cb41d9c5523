import { data } from "react-router";
import { LIST_CURRENCIES, type ListCurrency } from "../../core/contracts/admin-prices.ts";
import { priceNoticeWindow } from "../../core/subscription-rules.ts";
import { listPrices } from "../../server/admin/prices.ts";
import { listAdminProducts, productAudit, updateProduct } from "../../server/admin/products.ts";
import { allows } from "../../server/auth/roles.ts";
import { applyCatalogueChange } from "../../server/catalogue-sync.ts";
import type { DbOrTx } from "../../server/db/client.ts";
import { NotFound } from "../../server/domain-errors.ts";
import { shopOrigin } from "../../server/http/shop-origin.ts";
import { unsubscribeSecret } from "../../server/newsletter/unsubscribe.ts";
import { shopTaxProvider } from "../../server/tax/shop-tax.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  done,
  invalid,
  readForm,
  requireRight,
} from "../admin.server.ts";
import { priceField, readPriceFields } from "../components/admin/price-form-model.ts";
import { formValues, readProductForm } from "../components/admin/product-form-model.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-products";

export const headers: Route.HeadersFunction = () => noStore;

/** Each product's prices in CAD, EUR and GBP (null: not priced there), by product id (decision 051). */
async function productListPrices(db: DbOrTx): Promise<Record<number, Record<ListCurrency, number | null>>> {
  // The shipping rate is not shown here: 0 stands in for it.
  const rows = await listPrices(db, 0);
  return Object.fromEntries(
    rows
      .filter((r) => r.kind === "product")
      .map((r) => [
        Number(r.item.split(":")[1]),
        { CAD: r.prices.CAD, EUR: r.prices.EUR, GBP: r.prices.GBP },
      ]),
  );
}

/** /admin/products: every product's price and stock, its audit trail, and what the role may change. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { product: ["read"] });
  const db = services.database.db;
  const products = await listAdminProducts(db);
  const audit = Object.fromEntries(
    await Promise.all(products.map(async (p) => [p.id, await productAudit(db, p.id)] as const)),
  );
  return data(
    {
      products,
      audit,
      listPrices: await productListPrices(db),
      // "Apply to existing subscriptions": the days its date may take (decision 043).
      priceNotice: priceNoticeWindow(new Date()),
      may: {
        price: allows(user.role, { product: ["price"] }),
        stock: allows(user.role, { product: ["stock"] }),
      },
    },
    { headers: noStore },
  );
}

/** The edit form's fields: each pair needs its right, as in permissionFor. */
const PRICE_FIELDS = ["price", "discount", "applyToSubscriptions", "applyToSubscriptionsFrom"];
const STOCK_FIELDS = ["stock", "threshold"];

/**
 * One product's edit form (`intent` product-{id}): the fields read with the form's rules
 * (product-form-model.ts), each posted pair refused without its right (product:price, product:stock), then
 * the change /api/admin/products/:id makes. Wrong values answer a message per field.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { product: ["read"] });
  const { intent, fields } = await readForm(request);
  const id = Number(/^product-(\d{1,7})$/.exec(intent)?.[1] ?? Number.NaN);
  const asks = {
    // The prices in CAD, EUR and GBP (`product:<id>@CAD`) need the price right too.
    price: PRICE_FIELDS.some((f) => f in fields) || Object.keys(fields).some((f) => f.includes("@")),
    stock: STOCK_FIELDS.some((f) => f in fields),
  };
  const rights: ("price" | "stock")[] = [];
  if (asks.price) rights.push("price");
  if (asks.stock) rights.push("stock");
  if (rights.length > 0) requireRight(user.role, { product: rights });
  const db = services.database.db;
  const product = Number.isInteger(id) ? (await listAdminProducts(db)).find((p) => p.id === id) : undefined;
  if (!product) return invalid(intent, { form: "Product not found." });

  // A field left out of the post keeps the product's value.
  const { patch, errors } = readProductForm({ ...formValues(product), ...fields }, product, asks);
  // Its prices in the other currencies: only this product's fields are read.
  const listed = (await productListPrices(db))[product.id];
  const current = new Map(
    LIST_CURRENCIES.map((c) => [priceField(`product:${product.id}`, c), listed?.[c] ?? null] as const),
  );
  const lists = asks.price
    ? readPriceFields(fields, current, () => product.name)
    : { changes: [], errors: {} };
  Object.assign(errors, lists.errors);
  if (Object.keys(errors).length > 0) return invalid(intent, errors);
  // "Apply to existing subscriptions" ticked: the price (new, or as it is) reaches them from the date,
  // which the server checks (7 to 30 days ahead).
  if (asks.price && fields.applyToSubscriptions === "on")
    patch.applyToSubscriptionsFrom = fields.applyToSubscriptionsFrom ?? "";
  if (Object.keys(patch).length === 0 && lists.changes.length === 0) return done(intent, true);
  // The rights asked above cover the patch's (permissionFor), as the API asks them.
  return attempt(intent, async () => {
    const result = await updateProduct(db, { userId: user.id, email: user.email }, product.id, patch, {
      mailer: services.mailer,
      origin: shopOrigin(services.env),
      manageSecret: unsubscribeSecret(services.env),
      listPrices: lists.changes,
      tax: shopTaxProvider(services.env.TAX_HOME_STATES),
    });
    if (result.kind === "not_found") throw new NotFound("Product not found.");
    await services.mailer.deliverQueued(result.queuedMail);
    // Other processes hear of it from the database; this one drops its copies now, before answering.
    if (result.change) applyCatalogueChange(services, result.change);
  });
}
