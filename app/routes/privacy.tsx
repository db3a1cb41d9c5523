import { TextPage } from "../components/layout/text-page.tsx";
import { CookieTable } from "../components/legal/cookie-table.tsx";
import { LegalText } from "../components/legal/legal-text.tsx";
import type { Route } from "./+types/privacy";

export { loader } from "./privacy.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | MANA" },
  {
    name: "description",
    content: "What MANA keeps about you, why, for how long, every cookie, and your rights.",
  },
];

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { blocks, cookieMark, cookies, storage } = loaderData;
  return (
    <TextPage
      title="Privacy Policy"
      intro="What we keep about you, why, for how long, and what you can ask of us."
    >
      <LegalText
        blocks={blocks}
        slots={{ [cookieMark]: <CookieTable cookies={cookies} storage={storage} /> }}
      />
    </TextPage>
  );
}
