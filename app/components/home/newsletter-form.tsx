import { type FormEvent, useId, useState } from "react";
import { toast } from "../../hooks/use-toast.ts";
import { apiRequest } from "../../lib/api.ts";
import { useMutation } from "../../lib/query.ts";
import { Button } from "../ui/button.tsx";

/** Newsletter signup (anchor #about): e-mail plus consent, both required. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const emailId = useId();
  const consentId = useId();
  const subscribe = useMutation({
    mutationFn: () => apiRequest("POST", "/api/newsletter", { email, consent }),
    onSuccess: () => {
      toast({
        title: "Welcome to MANA!",
        // The same answer for every address (decision 026): a new address gets a confirmation link first.
        description:
          "You've successfully subscribed to our newsletter. Check your email for a welcome message. If the address is new to us, that e-mail first asks you to confirm it: follow its link.",
      });
      setEmail("");
      setConsent(false);
    },
    onError: () =>
      toast({
        title: "Subscription failed",
        description: "There was an error subscribing to our newsletter. Please try again.",
        variant: "destructive",
      }),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !consent) {
      toast({
        title: "Please complete the form",
        description: "Enter your email address and agree to receive updates.",
        variant: "destructive",
      });
      return;
    }
    subscribe.mutate();
  }

  return (
    <section id="about" aria-labelledby="about-title" className="container-shop py-16">
      <div className="grid gap-10 rounded-card bg-sand p-8 md:grid-cols-2 md:p-12">
        <div>
          <h2 id="about-title" className="text-3xl">
            About MANA
          </h2>
          <p className="mt-4 text-ink">
            MANA began with a simple idea: the plants that traditions trusted for thousands of years deserve
            the same care as any modern formula. We source carefully, test every batch, and write about the
            research honestly.
          </p>
          <p className="mt-4 text-ink">
            Join our letter for new research, seasonal protocols and member offers.
          </p>
        </div>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Newsletter signup">
          <div className="flex flex-col gap-1">
            <label htmlFor={emailId} className="font-semibold">
              Email address
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
              I agree to receive wellness updates and offers from MANA by e-mail. I can unsubscribe at any
              time.
            </label>
          </div>
          <Button type="submit" size="lg" pending={subscribe.isPending} pendingText="Subscribing...">
            Subscribe
          </Button>
        </form>
      </div>
    </section>
  );
}
