import { TextPage } from "../components/layout/text-page.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import type { Route } from "./+types/review-policy";

export { loader } from "./review-policy.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Review policy | MANA" },
  {
    name: "description",
    content:
      "Who can review MANA products, how reviews are moderated, and the only reasons a review is hidden.",
  },
];

/** How reviews are written, read and hidden (16 CFR Part 465; decision 044). */
export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <TextPage
      title="Review policy"
      intro="Reviews come from customers who received the product. We publish the critical ones as we publish the kind ones."
    >
      <LegalText blocks={loaderData.blocks} />
    </TextPage>
  );
}
