import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { AuthCard, linkClass } from "../auth/auth-card.tsx";
import { Button } from "../ui/button.tsx";

/** What the page says instead of its form: done (a status) or a link that is not valid (an alert). */
export interface TokenOutcome {
  done: boolean;
  heading: string;
  body: React.ReactNode;
}

/**
 * A page a newsletter link opens (confirm, unsubscribe): a form with the link's token and one button,
 * then the outcome, whose heading takes the focus once the form is answered.
 */
export function TokenPage({
  title,
  intro,
  token,
  answer,
  outcome,
  question,
  submitLabel,
  pendingText,
}: {
  title: string;
  /** The line under the title while the form is shown. */
  intro: string;
  token: string | null | undefined;
  /** The action's answer (the heading takes the focus when it comes). */
  answer: unknown;
  /** The outcome to show instead of the form; null to show the form. */
  outcome: TokenOutcome | null;
  question: React.ReactNode;
  submitLabel: string;
  pendingText: string;
}) {
  const t = useT();
  const pending = useNavigation().state !== "idle";
  const backToShop = (
    <Link to="/" className={linkClass}>
      {t("newsletter.backToShop")}
    </Link>
  );
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (answer) heading.current?.focus();
  }, [answer]);

  if (outcome) {
    return (
      <AuthCard title={title} after={backToShop}>
        <div className="grid gap-3" role={outcome.done ? "status" : "alert"}>
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            {outcome.heading}
          </h2>
          {outcome.body}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} intro={intro} after={backToShop}>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={token ?? ""} />
        <p>{question}</p>
        <Button type="submit" fullWidth pending={pending} pendingText={pendingText}>
          {submitLabel}
        </Button>
      </Form>
    </AuthCard>
  );
}
