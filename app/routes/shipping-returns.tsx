import { TextPage } from "../components/layout/text-page.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import type { Route } from "./+types/shipping-returns";

export { loader } from "./shipping-returns.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Shipping & Returns | MANA" },
  {
    name: "description",
    content: "Where MANA ships, what it costs, when it arrives, and our 60-day money-back guarantee.",
  },
];

export default function ShippingReturnsPage({ loaderData }: Route.ComponentProps) {
  return (
    <TextPage
      title="Shipping & Returns"
      intro="Where we ship, what it costs, and how the 60-day guarantee works."
    >
      <LegalText blocks={loaderData.blocks} />
    </TextPage>
  );
}
