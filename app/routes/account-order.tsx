import { redirect } from "react-router";
import type { Route } from "./+types/account-order";

/** /account/orders/{id} (linked by the spec without a page): the order opened on the orders page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/orders?order=${encodeURIComponent(params.id)}#order-${encodeURIComponent(params.id)}`);
}

export default function AccountOrder() {
  return null;
}
