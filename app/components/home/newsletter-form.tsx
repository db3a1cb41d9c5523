import { type FormEvent, useId, useState } from "react";
import { toast } from "../../hooks/use-toast.ts";
import { type Translator, useT } from "../../i18n/i18n.tsx";
import { apiRequest } from "../../lib/api.ts";
import { useMutation } from "../../lib/query.ts";
import { Button } from "../ui/button.tsx";

/**
 * The form's toasts, formatted while rendering: the page then carries their words from its first byte, so a
 * press before the language's whole catalogue has arrived still shows words, not keys (decision 049).
 */
function toastWords(t: Translator["t"]) {
  return {
    // The same answer for every address (decision 026): a new address gets a confirmation link first.
    welcome: { title: t("home.newsletter.welcome.title"), description: t("home.newsletter.welcome.text") },
    failed: { title: t("home.newsletter.failed.title"), description: t("home.newsletter.failed.text") },
    incomplete: {
      title: t("home.newsletter.incomplete.title"),
      description: t("home.newsletter.incomplete.text"),
    },
  };
}

/** Newsletter signup (anchor #about): e-mail plus consent, both required. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const emailId = useId();
  const consentId = useId();
  const t = useT();
  const words = toastWords(t);
  const subscribe = useMutation({
    mutationFn: () => apiRequest("POST", "/api/newsletter", { email, consent }),
    onSuccess: () => {
      toast(words.welcome);
      setEmail("");
      setConsent(false);
    },
    onError: () => toast({ ...words.failed, variant: "destructive" }),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !consent) {
      toast({ ...words.incomplete, variant: "destructive" });
      return;
    }
    subscribe.mutate();
  }

  return (
    <section id="about" aria-labelledby="about-title" className="container-shop py-16">
      <div className="grid gap-10 rounded-card bg-sand p-8 md:grid-cols-2 md:p-12">
        <div>
          <h2 id="about-title" className="text-3xl">
            {t("home.about.title")}
          </h2>
          <p className="mt-4 text-ink">{t("home.about.text")}</p>
          <p className="mt-4 text-ink">{t("home.newsletter.invite")}</p>
        </div>
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-4"
          aria-label={t("home.newsletter.label")}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={emailId} className="font-semibold">
              {t("home.newsletter.email")}
            </label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={subscribe.isPending}
              placeholder="you@example.com"
              className="min-h-12 rounded-xl border border-sand-deep bg-white px-4"
            />
          </div>
          <div className="flex items-start gap-3">
            <input
              id={consentId}
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              disabled={subscribe.isPending}
              className="mt-1 size-5 accent-forest"
            />
            <label htmlFor={consentId} className="text-sm">
              {t("home.newsletter.consent")}
            </label>
          </div>
          <Button
            type="submit"
            size="lg"
            pending={subscribe.isPending}
            pendingText={t("home.newsletter.subscribing")}
          >
            {t("home.newsletter.subscribe")}
          </Button>
        </form>
      </div>
    </section>
  );
}
