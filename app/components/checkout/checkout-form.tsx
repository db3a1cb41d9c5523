import Lock from "lucide-react/icons/lock";
import { useId, useRef, useState } from "react";
import { type AddressFieldErrors, formatAddressLines } from "../../../core/address.ts";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import type { CartBalancesResponse } from "../../../core/contracts/balances.ts";
import type { CheckoutPageData } from "../../../core/contracts/checkout.ts";
import { BASE_CURRENCY, type Currency } from "../../../core/markets.ts";
import { isPlaceholderEmail } from "../../../core/placeholder-email.ts";
import type { CartProp65Warning } from "../../../core/prop65.ts";
import type { TaxDestination } from "../../../core/tax.ts";
import type { TenderResult } from "../../../core/tenders.ts";
import { cartBalancesKey } from "../../hooks/use-balances.ts";
import { cartCodeQueryKey } from "../../hooks/use-cart.ts";
import { refusalOfError, useCodeRefusalWords } from "../../hooks/use-cart-code.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { type ApiError, apiErrorOf, apiRequest } from "../../lib/api.ts";
import { useMutation, useQueryClient } from "../../lib/query.ts";
import { DefaultBadge } from "../address/address-card.tsx";
import { AddressForm } from "../address/address-form.tsx";
import {
  type AddressFormValue,
  addressFieldId,
  emptyAddress,
  errorsAfterEdit,
  firstErrorField,
  validateAddress,
} from "../address/address-form-model.ts";
import { DiscountCodeField } from "../shop/discount-code-field.tsx";
import { Button } from "../ui/button.tsx";
import { BalancesField } from "./balances-field.tsx";
import { CheckoutProp65 } from "./checkout-prop65.tsx";
import { taxDestinationOf } from "./checkout-tax.ts";
import { RenewalConsent } from "./renewal-consent.tsx";

export interface CheckoutLineInput {
  productId: number;
  quantity: number;
  isSubscription: boolean;
  bundleId: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The checkout's refusals a Spanish or French page words itself, by the API's error code; an English page
 * and any other code keep the server's words (docs/decisions/049-languages.md).
 */
const FAILURE_KEYS: Partial<Record<string, string>> = {
  renewal_consent_required: "checkout.form.renewalRequired",
  renewal_terms_changed: "checkout.error.renewalTermsChanged",
  discount_changed: "checkout.error.discountChanged",
  balances_changed: "checkout.error.balancesChanged",
  tax_changed: "checkout.error.taxChanged",
  currency_changed: "checkout.error.currencyChanged",
  card_needed: "checkout.error.cardNeeded",
  gift_card_unusable: "checkout.error.giftCardUnusable",
  address_required: "checkout.error.addressRequired",
  email_required: "checkout.form.emailRequired",
  invalid_email: "checkout.error.invalidEmail",
  empty_cart: "checkout.error.emptyCart",
  cart_mismatch: "checkout.error.cartMismatch",
};

/** The words of a refused checkout in the page's language, as far as the page knows them. */
function useFailureWords(discountCode: string | null) {
  const locale = useLocale();
  const t = useLaterT();
  const refusalWords = useCodeRefusalWords();
  return (failure: ApiError): string => {
    if (locale === "en") return failure.message;
    const key = FAILURE_KEYS[failure.code ?? ""];
    if (key) return t(key);
    const refused = refusalOfError(failure.code, failure.message);
    return refused && discountCode ? refusalWords(refused, discountCode) : failure.message;
  };
}

const NEW_ADDRESS = "new";
const ADDRESS_PREFIX = "ship";

/**
 * The contact and shipping form and the button that starts the hosted checkout: idle -> processing ->
 * redirect to the payment page, or back to idle with the fields' messages or an error toast. A signed-in
 * customer picks a saved address (the default first) or types a new one, and may keep it.
 */
export function CheckoutForm({
  signedInEmail,
  signedIn,
  shipTo,
  savedAddresses,
  cartItems,
  renewal,
  prop65Warnings = [],
  discountCode = null,
  cartCode = null,
  balances = null,
  tenders = null,
  payableCents = 0,
  totalCents = 0,
  taxCents = null,
  currency,
  initialCountry,
  repricing = false,
  onDestinationChange,
  onCountryChange,
  onCartChanged,
}: {
  signedInEmail: string | null;
  signedIn: boolean;
  shipTo: string[];
  savedAddresses: AddressView[];
  cartItems: CheckoutLineInput[];
  /** The cart's automatic-renewal disclosure; null without subscriptions. */
  renewal: CheckoutPageData["renewal"];
  /** California's warnings of the cart's products, shown while the order ships to California. */
  prop65Warnings?: CartProp65Warning[];
  /** The discount code the summary shows applied (null: none): sent with the checkout, which refuses
   * another total than the one shown (409). */
  discountCode?: string | null;
  /** The cart's code as the loader saw it (the code field's first view). */
  cartCode?: CheckoutPageData["cartCode"];
  /** What may pay besides the card, and what it pays of this order (core/tenders.ts `applyTenders`): the
   * checkout is sent the figure shown and refuses another (409 balances_changed). */
  balances?: CartBalancesResponse | null;
  tenders?: TenderResult | null;
  payableCents?: number;
  totalCents?: number;
  /** The tax the summary shows added for the address chosen (null: not known yet): the checkout is sent it
   * and refuses another (409 tax_changed). */
  taxCents?: number | null;
  /** The currency the page shows the order in (decision 051): the checkout is sent it and refuses another
   * (409 currency_changed). */
  currency?: Currency;
  /** The country a typed address starts with (the loader's `initialCountry`). */
  initialCountry?: string;
  /** While the summary is priced again in the currency of the address just chosen: nothing is sent. */
  repricing?: boolean;
  /** The country the order ships to, each time the chosen or typed address changes it. */
  onCountryChange?: (country: string) => void;
  /** Where the order ships as far as its taxes go, each time the chosen or typed address says (null: not yet). */
  onDestinationChange?: (destination: TaxDestination | null) => void;
  onCartChanged: () => void;
}) {
  const [email, setEmail] = useState(signedInEmail ?? "");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [choice, setChoice] = useState(savedAddresses[0]?.id ?? NEW_ADDRESS);
  const [address, setAddress] = useState<AddressFormValue>(() => ({
    ...emptyAddress(shipTo),
    ...(initialCountry && shipTo.includes(initialCountry) ? { country: initialCountry } : {}),
  }));
  const [addressErrors, setAddressErrors] = useState<AddressFieldErrors>({});
  const [saveAddress, setSaveAddress] = useState(true);
  const [redirecting, setRedirecting] = useState(false);
  const t = useT();
  const locale = useLocale();
  const later = useLaterT([
    "checkout.form.emailRequiredTitle",
    "checkout.form.emailRequired",
    "checkout.form.emailInvalid",
    "checkout.form.renewalRequired",
    "checkout.toast.error",
    "checkout.toast.errorGeneric",
  ]);
  const words = useFailureWords(discountCode);
  const [agreedTo, setAgreedTo] = useState<string | null>(null);
  const [renewalError, setRenewalError] = useState<string | null>(null);
  const renewalBox = useRef<HTMLInputElement>(null);
  // Why the checkout refused the code shown (used up, used by this e-mail), until the code changes.
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const [refusedFor, setRefusedFor] = useState(discountCode);
  if (refusedFor !== discountCode) {
    setRefusedFor(discountCode);
    setCodeRefusal(null);
  }
  // Why the checkout refused what the balances pay (a balance changed, a subscription needs a card).
  const [balancesRefusal, setBalancesRefusal] = useState<string | null>(null);
  // Nothing left for a card page: the order is placed here, so the address is given here.
  const paidInFull = tenders !== null && tenders.tenderedCents > 0 && tenders.dueCents === 0;
  const queryClient = useQueryClient();
  // Ticked for the disclosure on screen only: new terms (another cart, another day) need a new tick.
  const agreed = renewal !== null && agreedTo === renewal.hash;
  const emailId = useId();
  const errorId = useId();
  const typing = choice === NEW_ADDRESS;

  const start = useMutation({
    mutationFn: (shipping: Record<string, unknown>) =>
      apiRequest<{ url?: string }>("POST", "/api/checkout/create-session", {
        email: signedInEmail ?? email.trim(),
        userId: null,
        // The payment page sends the shopper back to the success page in this page's language.
        locale,
        cartItems,
        discountCode,
        ...(tenders ? { tenderedCents: tenders.tenderedCents } : {}),
        ...(taxCents !== null ? { taxCents } : {}),
        ...(currency ? { currency } : {}),
        ...(renewal ? { acceptRenewal: agreed, renewalDisclosureHash: renewal.hash } : {}),
        ...shipping,
      }),
    onSuccess: (res) => {
      if (!res?.url) return failed();
      setRedirecting(true);
      window.location.assign(res.url);
    },
    onError: (err) => {
      const failure = apiErrorOf(err);
      const status = failure?.status ?? 0;
      // The server's own check of the address: its messages beside the fields.
      if (status === 400 && failure?.code === "invalid_address") {
        choose(NEW_ADDRESS);
        showAddressErrors(failure.fields);
        return;
      }
      // The renewal box: the server's reason goes under it (new terms are shown, to be ticked again).
      if (failure?.code === "renewal_consent_required" || failure?.code === "renewal_terms_changed") {
        if (failure.code === "renewal_terms_changed") onCartChanged();
        setAgreedTo(null);
        refuseRenewal(words(failure));
        return;
      }
      // The code shown no longer applies (used up, used before by this e-mail, the cart no longer meets it)
      // or the cart's code changed elsewhere: the summary is loaded again and the reason shown on the code.
      if (failure?.code === "discount_changed" || failure?.code?.startsWith("code_")) {
        onCartChanged();
        void queryClient.invalidateQueries({ queryKey: cartCodeQueryKey });
        if (failure.code !== "discount_changed") setCodeRefusal(words(failure));
        setRedirecting(false);
        toast({
          title: later("checkout.toast.discountChanged"),
          description: words(failure),
          variant: "destructive",
        });
        return;
      }
      // The taxes of the address differ from those shown (a rate or the shop's home states changed): the
      // summary is loaded again, with the taxes the checkout charges.
      if (failure?.code === "tax_changed") {
        onCartChanged();
        setRedirecting(false);
        toast({
          title: later("checkout.toast.taxChanged"),
          description: words(failure),
          variant: "destructive",
        });
        return;
      }
      // The order is in another currency than the page showed (its address's market's, decision 051): the
      // summary is loaded again in it, to be seen before paying.
      if (failure?.code === "currency_changed") {
        onCartChanged();
        setRedirecting(false);
        toast({
          title: later("checkout.toast.currencyChanged"),
          description: words(failure),
          variant: "destructive",
        });
        return;
      }
      // What the gift cards, credit or points pay changed (or cannot pay, or a card is unknown now): the
      // balances and the summary are read again, and the reason is shown by them.
      if (
        failure?.code === "balances_changed" ||
        failure?.code === "card_needed" ||
        failure?.code?.startsWith("gift_card_")
      ) {
        onCartChanged();
        void queryClient.invalidateQueries({ queryKey: cartBalancesKey });
        setBalancesRefusal(words(failure));
        setRedirecting(false);
        toast({
          title: later("checkout.toast.paymentChanged"),
          description: words(failure),
          variant: "destructive",
        });
        return;
      }
      if (failure?.code === "address_required") {
        choose(NEW_ADDRESS);
        failed(words(failure));
        return;
      }
      // 409: the cart changed in another tab or the drawer; show the cart as it is now.
      if (status === 409) onCartChanged();
      // A product sold out (409 out_of_stock): the message names it and says how many are left.
      const says = status === 400 || status === 404 || failure?.code === "out_of_stock";
      failed(says && failure?.fromServer ? words(failure) : undefined);
    },
  });
  const processing = start.isPending || redirecting;

  /** Chooses a saved address or the typed one, and tells the page where the order now ships. */
  function choose(id: string) {
    setChoice(id);
    const saved = savedAddresses.find((a) => a.id === id);
    const chosen = id === NEW_ADDRESS || !saved ? address : saved;
    onDestinationChange?.(taxDestinationOf(chosen));
    onCountryChange?.(chosen.country);
  }

  function failed(message?: string) {
    setRedirecting(false);
    toast({
      title: later("checkout.toast.error"),
      description: message ?? later("checkout.toast.errorGeneric"),
      variant: "destructive",
    });
  }

  function refuseRenewal(message: string) {
    setRenewalError(message);
    requestAnimationFrame(() => renewalBox.current?.focus());
  }

  function showAddressErrors(errors: AddressFieldErrors) {
    setAddressErrors(errors);
    const first = firstErrorField(errors);
    if (first) {
      // After the messages render, so the field's description is read with it.
      requestAnimationFrame(() => document.getElementById(addressFieldId(ADDRESS_PREFIX, first))?.focus());
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (processing || repricing) return;
    const value = (signedInEmail ?? email).trim();
    if (!value) {
      toast({
        title: t("checkout.form.emailRequiredTitle"),
        description: t("checkout.form.emailRequired"),
        variant: "destructive",
      });
      return;
    }
    // A `.invalid` address cannot receive the confirmation (the server refuses it too).
    if (!EMAIL.test(value) || isPlaceholderEmail(value)) {
      setEmailError(t("checkout.form.emailInvalid"));
      return;
    }
    setEmailError(null);
    if (!typing) {
      if (!renewalAgreed()) return;
      start.mutate({ addressId: choice });
      return;
    }
    const checked = validateAddress(address, shipTo, { t: later, locale });
    if (!checked.ok) {
      showAddressErrors(checked.errors);
      return;
    }
    setAddressErrors({});
    if (!renewalAgreed()) return;
    start.mutate({ shippingAddress: checked.address, saveAddress: signedIn && saveAddress });
  }

  /** A cart with a subscription goes on only with the renewal box ticked. */
  function renewalAgreed(): boolean {
    if (!renewal || agreed) return true;
    refuseRenewal(t("checkout.form.renewalRequired"));
    return false;
  }

  return (
    <form noValidate onSubmit={submit} className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 className="text-xl">{t("checkout.form.contact")}</h2>
      {signedInEmail ? (
        <p className="mt-2 text-sm text-muted">{t("checkout.form.signedInAs", { email: signedInEmail })}</p>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("checkout.form.confirmationTo")}</p>
      )}
      <label htmlFor={emailId} className="mt-4 block text-sm font-semibold text-ink">
        {t("checkout.form.email")}
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
        className="mt-1 block min-h-11 w-full rounded-xl border border-sand-deep bg-cream px-4 text-base text-ink placeholder:text-muted/70 focus:border-forest disabled:cursor-not-allowed disabled:opacity-70"
      />
      {emailError ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {emailError}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl">{t("checkout.form.shippingAddress")}</h2>
      {savedAddresses.length > 0 ? (
        <fieldset className="mt-4 grid gap-2" disabled={processing}>
          <legend className="sr-only">{t("checkout.form.shipTo")}</legend>
          {savedAddresses.map((a) => (
            <label
              key={a.id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-sand-deep p-3 has-[:checked]:border-forest has-[:checked]:bg-sand/40"
            >
              <input
                type="radio"
                name="ship-to"
                value={a.id}
                checked={choice === a.id}
                onChange={() => choose(a.id)}
                className="mt-1 size-4 accent-forest"
              />
              <span className="text-sm">
                <span className="font-semibold text-ink">{a.fullName}</span>
                {a.isDefault ? (
                  <>
                    {" "}
                    <span className="ml-1 align-middle">
                      <DefaultBadge />
                    </span>
                  </>
                ) : null}
                <span className="block text-muted">{formatAddressLines(a, locale).slice(1).join(", ")}</span>
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-sand-deep p-3 has-[:checked]:border-forest has-[:checked]:bg-sand/40">
            <input
              type="radio"
              name="ship-to"
              value={NEW_ADDRESS}
              checked={typing}
              onChange={() => choose(NEW_ADDRESS)}
              className="size-4 accent-forest"
            />
            <span className="text-sm font-semibold text-ink">{t("checkout.form.newAddress")}</span>
          </label>
        </fieldset>
      ) : null}
      {typing ? (
        <div className="mt-4">
          <AddressForm
            value={address}
            onChange={(next) => {
              setAddressErrors((errors) => errorsAfterEdit(errors, address, next));
              setAddress(next);
              onDestinationChange?.(taxDestinationOf(next));
              if (next.country !== address.country) onCountryChange?.(next.country);
            }}
            errors={addressErrors}
            shipTo={shipTo}
            idPrefix={ADDRESS_PREFIX}
            disabled={processing}
          />
          {signedIn ? (
            <label className="mt-4 flex items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                checked={saveAddress}
                onChange={(e) => setSaveAddress(e.target.checked)}
                disabled={processing}
                className="size-4 accent-forest"
              />
              {t("checkout.form.saveAddress")}
            </label>
          ) : null}
        </div>
      ) : null}
      <DiscountCodeField
        className="mt-8"
        initial={cartCode}
        refusal={codeRefusal}
        onChanged={() => setCodeRefusal(null)}
        disabled={processing}
      />
      {balances && tenders ? (
        <BalancesField
          className="mt-8"
          balances={balances}
          tenders={tenders}
          currency={currency ?? BASE_CURRENCY}
          payableCents={payableCents}
          totalCents={totalCents}
          refusal={balancesRefusal}
          onChanged={() => setBalancesRefusal(null)}
          disabled={processing}
        />
      ) : null}
      <CheckoutProp65
        warnings={prop65Warnings}
        address={typing ? address : savedAddresses.find((a) => a.id === choice)}
      />
      {renewal ? (
        <RenewalConsent
          ref={renewalBox}
          disclosure={renewal.disclosure}
          agreed={agreed}
          onAgreedChange={(ticked) => {
            setAgreedTo(ticked ? renewal.hash : null);
            if (ticked) setRenewalError(null);
          }}
          error={renewalError}
          disabled={processing}
        />
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="mt-6 w-full"
        disabled={repricing && !processing}
        pending={processing}
        pendingText={paidInFull ? t("checkout.form.placing") : t("checkout.form.creating")}
      >
        <Lock aria-hidden className="size-4" />
        {paidInFull ? t("checkout.form.placeOrder") : t("checkout.form.proceed")}
      </Button>
      <p className="mt-3 text-center text-sm text-muted">
        {paidInFull ? t("checkout.form.paidInFullNote") : t("checkout.form.cardPageNote")}
      </p>
    </form>
  );
}
