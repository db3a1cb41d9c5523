import HeartPulse from "lucide-react/icons/heart-pulse";
import Mail from "lucide-react/icons/mail";
import MessageCircle from "lucide-react/icons/message-circle";
import { REACTION_FORM_PATH } from "../../core/reaction-report.ts";
import { TextPage } from "../components/layout/text-page.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import type { Route } from "./+types/contact";

export { loader } from "./contact.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }]
    : [];

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { supportEmail } = loaderData;
  return (
    <TextPage title={t("contact.title")} intro={t("contact.intro")}>
      {supportEmail ? (
        <p className="flex items-center gap-3">
          <Mail className="size-5 text-gold" aria-hidden />
          <span>
            {rich(t, "contact.email", {
              address: (
                <a
                  href={`mailto:${supportEmail}`}
                  className="font-medium text-forest underline underline-offset-2"
                >
                  {supportEmail}
                </a>
              ),
            })}
          </span>
        </p>
      ) : (
        <p className="flex items-center gap-3">
          <Mail className="size-5 text-gold" aria-hidden />
          <span>{t("contact.reply")}</span>
        </p>
      )}
      <p className="flex items-center gap-3">
        <MessageCircle className="size-5 text-gold" aria-hidden />
        <span>{t("contact.orderNumber")}</span>
      </p>
      <p className="flex items-center gap-3">
        <HeartPulse className="size-5 text-gold" aria-hidden />
        <span>
          {rich(t, "contact.reaction", {
            report: (
              <Link to={REACTION_FORM_PATH} className="font-medium text-forest underline underline-offset-2">
                {t("contact.reaction.link")}
              </Link>
            ),
          })}
        </span>
      </p>
    </TextPage>
  );
}
