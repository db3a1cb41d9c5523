import HeartPulse from "lucide-react/icons/heart-pulse";
import Mail from "lucide-react/icons/mail";
import MessageCircle from "lucide-react/icons/message-circle";
import { REACTION_FORM_PATH } from "../../core/reaction-report.ts";
import { TextPage } from "../components/layout/text-page.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/contact";

export { loader } from "./contact.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Contact Support | MANA" },
  { name: "description", content: "Reach the MANA team about orders, subscriptions or your account." },
];

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <TextPage title="Contact Support" intro="We answer every message within one business day.">
      {supportEmail ? (
        <p className="flex items-center gap-3">
          <Mail className="size-5 text-gold" aria-hidden />
          <span>
            E-mail:{" "}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-forest underline underline-offset-2"
            >
              {supportEmail}
            </a>
          </span>
        </p>
      ) : (
        <p className="flex items-center gap-3">
          <Mail className="size-5 text-gold" aria-hidden />
          <span>Reply to any e-mail from MANA, such as your order confirmation: it reaches the team.</span>
        </p>
      )}
      <p className="flex items-center gap-3">
        <MessageCircle className="size-5 text-gold" aria-hidden />
        <span>Include your order number for order questions; it is on your order history page.</span>
      </p>
      <p className="flex items-center gap-3">
        <HeartPulse className="size-5 text-gold" aria-hidden />
        <span>
          Had a reaction or a side effect with one of our products?{" "}
          <Link to={REACTION_FORM_PATH} className="font-medium text-forest underline underline-offset-2">
            Report a reaction
          </Link>
          : it goes straight to the team.
        </span>
      </p>
    </TextPage>
  );
}
