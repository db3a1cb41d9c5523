import { Link } from "react-router";
import { TextPage } from "../components/layout/text-page.tsx";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [
  { title: "Terms of Service | MANA" },
  { name: "description", content: "The terms for buying from MANA and using your account." },
];

export default function TermsPage() {
  return (
    <TextPage title="Terms of Service" intro="The plain terms for shopping with MANA and using your account.">
      <h2>Orders and prices</h2>
      <p>
        Prices are per 30-day supply and are confirmed at checkout. Subscriptions renew monthly until you
        cancel them from your account.
      </p>
      <h2>60-day guarantee</h2>
      <p>If a product does not suit you, tell us within 60 days of delivery and we refund it.</p>
      <h2>Your account</h2>
      <p>
        Keep your sign-in details to yourself. You can sign out of every device by changing your password or
        contacting us.
      </p>
      <h2>Wellness information</h2>
      <p>
        Our articles share research and tradition; they are not medical advice. These statements have not been
        evaluated by the Food and Drug Administration.
      </p>
      <p>
        Questions?{" "}
        <Link to="/contact" className="font-medium text-forest underline underline-offset-2">
          Contact us
        </Link>
        .
      </p>
    </TextPage>
  );
}
