import { Link } from "react-router";
import { TextPage } from "../components/layout/text-page.tsx";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | MANA" },
  { name: "description", content: "What MANA keeps about you, why, and for how long." },
];

export default function PrivacyPage() {
  return (
    <TextPage title="Privacy Policy" intro="What we keep about you, why, and what you can ask of us.">
      <h2>What we keep</h2>
      <p>
        Your e-mail, name and phone number (if you give them), your orders and subscriptions, and your cart.
        Your password is stored only as a one-way hash.
      </p>
      <h2>Cookies</h2>
      <p>
        We set a session cookie when you sign in and a cart cookie when you shop as a guest. Both are
        http-only and used for nothing else. We do not use tracking cookies.
      </p>
      <h2>Your choices</h2>
      <p>
        Your display preferences stay in your browser. To see, correct or delete what we hold, write to us
        from the{" "}
        <Link to="/contact" className="font-medium text-forest underline underline-offset-2">
          contact page
        </Link>
        .
      </p>
    </TextPage>
  );
}
