/**
 * Order statuses and the only moves between them. Every change of an order's status, by
 * a payment or by the owner's admin tool, goes through `assertMove`.
 */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  // Paid (the provider's verified signal), or abandoned / payment failed.
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMove(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && MOVES[from].includes(to);
}

export class OrderTransitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OrderTransitionError";
  }
}

/** Paid orders: everything after pending except a cancellation before payment. */
export function isPaidStatus(status: string): boolean {
  return status === "processing" || status === "shipped" || status === "delivered";
}

export function assertMove(orderNumber: string, from: string, to: OrderStatus): void {
  if (canMove(from, to)) return;
  const allowed = isOrderStatus(from) ? MOVES[from] : [];
  const next = allowed.length ? `it can only become ${allowed.join(" or ")}` : "it cannot change any more";
  throw new OrderTransitionError(`Order ${orderNumber} is ${from}, so it cannot become ${to}: ${next}.`);
}
