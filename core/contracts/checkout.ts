/** What the checkout, sandbox card and success pages receive from the server (cents; formatted in the page). */

/** One line of an order or a cart as the summary shows it. */
export interface SummaryLine {
  key: string;
  name: string;
  imageUrl: string | null;
  quantity: number;
  isSubscription: boolean;
  discountPercent: number;
  unitCents: number;
  lineCents: number;
  bundleName: string | null;
}
export interface OrderSummaryData {
  lines: SummaryLine[];
  subtotalCents: number;
  bundleSavings: { name: string; cents: number }[];
  shippingCents: number;
  totalCents: number;
}

export interface CheckoutPageData {
  /** The account's e-mail; null for guests and for accounts created by phone sign-in (they enter one). */
  signedInEmail: string | null;
  summary: OrderSummaryData | null;
  /** The lines as the create-session call sends them back: the server checks they are still the cart. */
  cartItems: { productId: number; quantity: number; isSubscription: boolean; bundleId: string | null }[];
  flatShippingCents: number;
}

export interface SandboxPageData {
  orderNumber: string;
  /** Null for an order placed before phone-only accounts gave an e-mail at checkout (placeholder stored). */
  email: string | null;
  status: string;
  summary: OrderSummaryData;
}

export interface SuccessPageData {
  reference: string | null;
  order: {
    orderNumber: string;
    /** Null when the order has only a placeholder address: no confirmation e-mail went out. */
    email: string | null;
    status: string;
    hasSubscriptions: boolean;
    summary: OrderSummaryData;
  } | null;
}
