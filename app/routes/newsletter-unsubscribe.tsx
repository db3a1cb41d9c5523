import { linkClass } from "../components/auth/auth-card.tsx";
import { type TokenOutcome, TokenPage } from "../components/newsletter/token-page.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import type { Route } from "./+types/newsletter-unsubscribe";

export { action, headers, loader } from "./newsletter-unsubscribe.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** The newsletter's unsubscribe link opens this page; its button unsubscribes. */
export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { email } = loaderData;
  let outcome: TokenOutcome | null = null;
  if (!email || actionData?.unsubscribed === false) {
    outcome = {
      done: false,
      heading: t("newsletter.unsubscribe.invalid"),
      body: (
        <p>
          {rich(t, "newsletter.unsubscribe.invalid.text", {
            contact: (
              <Link to="/contact" className={linkClass}>
                {t("newsletter.unsubscribe.invalid.contact")}
              </Link>
            ),
          })}
        </p>
      ),
    };
  } else if (actionData?.unsubscribed || loaderData.unsubscribed) {
    outcome = {
      done: true,
      heading: t("newsletter.unsubscribe.done"),
      body: (
        <>
          <p>
            {rich(t, "newsletter.unsubscribe.done.text", {
              email: <strong className="break-all">{email}</strong>,
            })}
          </p>
          <p className="text-sm text-muted">{t("newsletter.unsubscribe.done.again")}</p>
        </>
      ),
    };
  }
  return (
    <TokenPage
      title={t("newsletter.unsubscribe.title")}
      intro={t("newsletter.unsubscribe.intro")}
      token={loaderData.token}
      answer={actionData}
      outcome={outcome}
      question={rich(t, "newsletter.unsubscribe.question", {
        email: <strong className="break-all">{email}</strong>,
      })}
      submitLabel={t("newsletter.unsubscribe.submit")}
      pendingText={t("newsletter.unsubscribe.pending")}
    />
  );
}
