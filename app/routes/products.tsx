import { redirect } from "react-router";

/** /products has no page of its own: the product grid lives on the home page. */
export function loader() {
  throw redirect("/#products");
}

export default function Products() {
  return null;
}
