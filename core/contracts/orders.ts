/** What GET /api/orders and GET /api/subscriptions answer. */

/**
 * An order as the account tab and the orders page read it: both shapes in one object,
 * so either page can use it. Money as numbers with 2 decimals (total) and decimal strings (the rest).
 */
export interface OrderView {
  id: string;
  orderNumber: string;
  date: string;
  createdAt: string;
  status: string;
  items: {
    productId: number;
    productName: string;
    name: string;
    quantity: number;
    price: string;
    isSubscription: boolean;
  }[];
  subtotal: string;
  discount: string;
  shipping: string;
  total: number;
  totalAmount: string;
  totalCents: number;
  trackingCode: string | null;
}

export interface SubscriptionView {
  id: string;
  productName: string;
  amount: string;
  interval: string;
  status: string;
  nextBillingDate: string;
}
