import { formatMoney } from "../../core/money.ts";
import { ProductEditor } from "../components/admin/product-editor.tsx";
import { StockBadge } from "../components/admin/stock-badge.tsx";
import type { Route } from "./+types/admin-products";

export { action, headers, loader } from "./admin-products.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Products | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** Prices, subscription discounts and stock of every product, each editable as the role allows. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, audit, listPrices, may, priceNotice } = loaderData;
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Products</h1>
      <p className="mt-2 max-w-prose text-muted">
        A change shows in the shop at once. A paid order takes its units from stock; at 0 the shop shows “Out
        of stock” and takes no more orders for it.
      </p>

      {/* At phone width the table keeps what fits (the cards below say the rest), so nothing scrolls sideways. */}
      <div className="mt-6 rounded-card bg-white shadow-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Price, subscription discount and stock of each product</caption>
          <thead className="border-b border-sand-deep">
            <tr>
              <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                Product
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="hidden px-2 py-3 text-right font-semibold sm:table-cell sm:px-4">
                Subscription
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                Stock
              </th>
              <th scope="col" className="hidden px-2 py-3 text-right font-semibold sm:table-cell sm:px-4">
                Low at
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id} className="border-b border-sand-deep last:border-0">
                <th scope="row" className="px-2 py-3 sm:px-4 font-medium">
                  {p.name}
                </th>
                <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{formatMoney(p.priceCents)}</td>
                <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell sm:px-4">
                  {p.subscriptionDiscount === null ? "15% (default)" : `${p.subscriptionDiscount}%`}
                </td>
                <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{p.stockOnHand}</td>
                <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell sm:px-4">
                  {p.lowStockThreshold}
                </td>
                <td className="px-2 py-3 sm:px-4">
                  <StockBadge state={p.stock} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="mt-8 grid gap-6">
        {products.map((p) => (
          <ProductEditor
            key={p.id}
            product={p}
            audit={audit[p.id] ?? []}
            listPrices={listPrices[p.id] ?? { CAD: null, EUR: null, GBP: null }}
            may={may}
            priceNotice={priceNotice}
          />
        ))}
      </div>
    </section>
  );
}
