import { TextPage } from "../components/layout/text-page.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import type { Route } from "./+types/accessibility";

export { loader } from "./accessibility.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Accessibility | MANA" },
  {
    name: "description",
    content: "MANA's accessibility statement: our WCAG 2.2 AA target, how we test, known limits.",
  },
];

export default function AccessibilityPage({ loaderData }: Route.ComponentProps) {
  return (
    <TextPage
      title="Accessibility"
      intro="How we make the shop usable for everyone, and how to tell us when it is not."
    >
      <LegalText blocks={loaderData.blocks} />
    </TextPage>
  );
}
