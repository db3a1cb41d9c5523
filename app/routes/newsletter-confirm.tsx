import { type TokenOutcome, TokenPage } from "../components/newsletter/token-page.tsx";
import { useT } from "../i18n/i18n.tsx";
import { rich } from "../i18n/rich.tsx";
import type { Route } from "./+types/newsletter-confirm";

export { action, headers, loader } from "./newsletter-confirm.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** The newsletter's confirmation link opens this page; its button subscribes (decision 026). */
export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  let outcome: TokenOutcome | null = null;
  if (actionData?.confirmed) {
    outcome = {
      done: true,
      heading: t("newsletter.confirm.done"),
      body: (
        <p>
          {rich(t, "newsletter.confirm.done.text", {
            email: <strong className="break-all">{actionData.email}</strong>,
          })}
        </p>
      ),
    };
  } else if (!loaderData.email || actionData?.confirmed === false) {
    outcome = {
      done: false,
      heading: t("newsletter.confirm.invalid"),
      body: <p>{t("newsletter.confirm.invalid.text")}</p>,
    };
  }
  return (
    <TokenPage
      title={t("newsletter.confirm.title")}
      intro={t("newsletter.confirm.intro")}
      token={loaderData.token}
      answer={actionData}
      outcome={outcome}
      question={rich(t, "newsletter.confirm.question", {
        email: <strong className="break-all">{loaderData.email}</strong>,
      })}
      submitLabel={t("newsletter.confirm.submit")}
      pendingText={t("newsletter.confirm.pending")}
    />
  );
}
