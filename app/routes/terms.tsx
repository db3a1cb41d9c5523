import { TextPage } from "../components/layout/text-page.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import type { Route } from "./+types/terms";

export { loader } from "./terms.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Terms of Service | MANA" },
  {
    name: "description",
    content: "The terms for buying from MANA, subscriptions, the guarantee and your account.",
  },
];

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <TextPage title="Terms of Service" intro="The plain terms for shopping with MANA and using your account.">
      <LegalText blocks={loaderData.blocks} />
    </TextPage>
  );
}
