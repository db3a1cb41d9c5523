import { redirect } from "react-router";
import type { Route } from "./+types/account-order";

/** /account/orders/{id} (linked from the account page, with no page of its own): the order opened on the orders page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/orders?order=${encodeURIComponent(params.id)}#order-${encodeURIComponent(params.id)}`);
}

export default function AccountOrder() {
  return null;
}
