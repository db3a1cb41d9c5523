import { useMutation } from "@tanstack/react-query";
import Lock from "lucide-react/icons/lock";
import { useId, useState } from "react";
import { isPlaceholderEmail } from "../../../core/placeholder-email.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiRequest } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";

export interface CheckoutLineInput {
  productId: number;
  quantity: number;
  isSubscription: boolean;
  bundleId: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The e-mail form and the button that starts the hosted checkout: idle -> processing -> redirect to the
 * payment page, or back to idle with an error toast.
 */
export function CheckoutForm({
  signedInEmail,
  cartItems,
  onCartChanged,
}: {
  signedInEmail: string | null;
  cartItems: CheckoutLineInput[];
  onCartChanged: () => void;
}) {
  const [email, setEmail] = useState(signedInEmail ?? "");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const emailId = useId();
  const errorId = useId();

  const start = useMutation({
    mutationFn: () =>
      apiRequest<{ url?: string }>("POST", "/api/checkout/create-session", {
        email: signedInEmail ?? email.trim(),
        userId: null,
        cartItems,
      }),
    onSuccess: (res) => {
      if (!res?.url) return failed();
      setRedirecting(true);
      window.location.assign(res.url);
    },
    onError: (err) => {
      // 409: the cart changed in another tab or the drawer; show the cart as it is now.
      if (err instanceof Error && err.message.startsWith("409")) onCartChanged();
      failed();
    },
  });
  const processing = start.isPending || redirecting;

  function failed() {
    setRedirecting(false);
    toast({
      title: "Checkout Error",
      description: "There was an issue starting your checkout. Please try again.",
      variant: "destructive",
    });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (processing) return;
    const value = (signedInEmail ?? email).trim();
    if (!value) {
      toast({
        title: "Email Required",
        description: "Please enter your email address to continue.",
        variant: "destructive",
      });
      return;
    }
    // A `.invalid` address cannot receive the confirmation (the server refuses it too).
    if (!EMAIL.test(value) || isPlaceholderEmail(value)) {
      setEmailError("Enter a valid email address, like name@example.com.");
      return;
    }
    setEmailError(null);
    start.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 className="text-xl">Contact</h2>
      {signedInEmail ? (
        <p className="mt-2 text-sm text-muted">Signed in as {signedInEmail}</p>
      ) : (
        <p className="mt-2 text-sm text-muted">We send your order confirmation to this address.</p>
      )}
      <label htmlFor={emailId} className="mt-4 block text-sm font-semibold text-ink">
        Email address
      </label>
      <input
        id={emailId}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={signedInEmail ?? email}
        disabled={Boolean(signedInEmail) || processing}
        onChange={(e) => {
          setEmail(e.target.value);
          if (emailError) setEmailError(null);
        }}
        aria-invalid={emailError ? true : undefined}
        aria-describedby={emailError ? errorId : undefined}
        className="mt-1 block min-h-11 w-full rounded-xl border border-sand-deep bg-cream px-4 text-base text-ink placeholder:text-muted/70 focus:border-forest focus:outline-none disabled:cursor-not-allowed disabled:opacity-70"
      />
      {emailError ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {emailError}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="mt-5 w-full"
        pending={processing}
        pendingText="Creating Secure Checkout..."
      >
        <Lock aria-hidden className="size-4" />
        Proceed to Secure Checkout
      </Button>
      <p className="mt-3 text-center text-sm text-muted">
        You pay on a secure card page. 60-day money-back guarantee.
      </p>
    </form>
  );
}
