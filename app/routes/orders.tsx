import CircleCheck from "lucide-react/icons/circle-check";
import CircleX from "lucide-react/icons/circle-x";
import Clock from "lucide-react/icons/clock";
import Package from "lucide-react/icons/package";
import Truck from "lucide-react/icons/truck";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { OrderView } from "../../core/contracts/orders.ts";
import { formatMoney, toCents } from "../../core/money.ts";
import { useOrders } from "../components/account/account-data.ts";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { Button } from "../components/ui/button.tsx";
import { useAddToCart } from "../hooks/use-cart.ts";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/orders";

export { headers, loader } from "./orders.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Order History | MANA" },
  { name: "robots", content: "noindex" },
];

/** The orders page colours only delivered (green), shipped and processing (blue); the rest are grey. */
function OrderBadge({ status }: { status: string }) {
  const style =
    status === "delivered"
      ? "bg-[#dcefe2] text-[#1d5a36]"
      : status === "shipped" || status === "processing"
        ? "bg-[#dde7f7] text-[#1f4a8a]"
        : "bg-[#e6e6e3] text-[#3d403e]";
  const Icon =
    status === "delivered"
      ? CircleCheck
      : status === "shipped"
        ? Truck
        : status === "cancelled"
          ? CircleX
          : status === "processing"
            ? Package
            : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${style}`}
    >
      <Icon className="size-3.5" aria-hidden /> {status}
    </span>
  );
}

function OrderCard({ order, open }: { order: OrderView; open: boolean }) {
  const [details, setDetails] = useState(open);
  const [tracking, setTracking] = useState(false);
  const add = useAddToCart({ describe: () => "The items of this order are in your cart." });

  // Reorder adds the order's lines to the cart again: the same products, quantities and modes.
  const reorder = () =>
    add.mutate(
      order.items.map((i) => ({
        productId: i.productId,
        quantity: i.quantity,
        isSubscription: i.isSubscription,
      })),
    );

  return (
    <li id={`order-${order.id}`} className="rounded-card bg-white p-6 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg">Order #{order.orderNumber ?? order.id}</h2>
          <p className="text-sm text-muted">Placed on {formatDate(order.createdAt)}</p>
        </div>
        <div className="flex items-center gap-3">
          <OrderBadge status={order.status} />
          <p className="font-semibold">{formatMoney(order.totalCents)}</p>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-sand-deep text-sm">
        {order.items.map((i, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own here
          <li key={n} className="flex justify-between gap-3 py-2">
            <span>
              {i.productName ?? i.name} × {i.quantity}
            </span>
            <span>{formatMoney(toCents(i.price))}</span>
          </li>
        ))}
      </ul>
      {details ? (
        <dl className="mt-3 grid gap-1 rounded-xl bg-sand p-4 text-sm sm:grid-cols-2">
          <dt className="text-muted">Order reference</dt>
          <dd>{order.id}</dd>
          <dt className="text-muted">Status</dt>
          <dd className="capitalize">{order.status}</dd>
        </dl>
      ) : null}
      {tracking ? (
        <p className="mt-3 rounded-xl bg-sand p-4 text-sm" role="status">
          Tracking code:{" "}
          <span className="font-mono font-semibold">{order.trackingCode ?? "not available yet"}</span>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={details} onClick={() => setDetails((d) => !d)}>
          View Details
        </Button>
        {order.status === "delivered" ? (
          <Button
            variant="outline"
            size="sm"
            pending={add.isPending}
            pendingText="Adding..."
            onClick={() => void reorder()}
          >
            Reorder
          </Button>
        ) : null}
        {order.status === "shipped" ? (
          <Button variant="outline" size="sm" aria-expanded={tracking} onClick={() => setTracking((t) => !t)}>
            Track Package
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const orders = useOrders(loaderData.signedIn);
  const [params] = useSearchParams();
  if (!loaderData.signedIn) return <SignInRequired message="Please sign in to view your order history." />;
  const focus = params.get("order");
  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">Order History</h1>
      <p className="mt-2 text-muted">Every order you have placed with MANA.</p>
      <div className="mt-8">
        {orders.isPending ? (
          <div className="grid gap-4" role="status" aria-label="Loading orders" data-testid="orders-loading">
            {[0, 1, 2].map((n) => (
              <div key={n} className="h-40 animate-pulse rounded-card bg-sand" aria-hidden />
            ))}
          </div>
        ) : orders.isError ? (
          <p role="alert" className="rounded-card bg-white p-6 text-danger shadow-card">
            Could not load your orders. Please try again.
          </p>
        ) : orders.data.length === 0 ? (
          <div className="rounded-card bg-white p-10 text-center shadow-card">
            <p className="font-display text-2xl text-forest">No orders yet</p>
            <Button asChild size="md-wide" className="mt-4">
              <Link to="/">Start Shopping</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-4">
            {orders.data.map((o) => (
              <OrderCard key={o.id} order={o} open={focus === o.id} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
