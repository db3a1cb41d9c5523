import Check from "lucide-react/icons/check";
import Gift from "lucide-react/icons/gift";
import { useId, useRef, useState } from "react";
import { GIFT_CARD_MESSAGE_MAX, type GiftCardLineBody } from "../../core/contracts/balances.ts";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { giftCardFailure, useAddGiftCardLine } from "../hooks/use-balances.ts";
import { useCartDrawer } from "../hooks/use-cart-drawer.tsx";
import { toast } from "../hooks/use-toast.ts";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { usePrices } from "../lib/currency.ts";
import type { Route } from "./+types/gift-cards";

export { loader } from "./gift-cards.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
];

type Field = "amount" | "recipientEmail" | "message" | "deliverOn";
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CUSTOM = "custom";

/** Today and the last day a card may be sent on (a year on), as the server counts days: in UTC. */
function dayRange(now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + 365);
  return { today, last: last.toISOString().slice(0, 10) };
}

/** A whole amount or one with cents ("75", "75.50", "75,50"), its sign ("CA$") allowed before, as minor units. */
function amountToCents(text: string, sign: string): number | null {
  let t = text.trim();
  if (t.startsWith(sign)) t = t.slice(sign.length).trim();
  t = t.replace(",", ".");
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/**
 * Buy a gift card (POST /api/cart/gift-card-lines; docs/decisions/047-gift-cards-credit-and-points.md): one
 * of the amounts offered in the shopper's currency or one between its bounds (the owner's, in the price
 * lists: $25, $50, $100 or $10 to $500; CA$25, CA$50, CA$100; decision 051), for oneself or for a friend by e-mail with a message
 * and a day to send it (today or within a year). Every field's message shows at once, and focus goes to the
 * first; the server's refusal shows above the button.
 */
export default function GiftCards() {
  const ids = {
    amount: useId(),
    custom: useId(),
    email: useId(),
    name: useId(),
    sender: useId(),
    message: useId(),
    day: useId(),
    error: useId(),
  };
  const t = useT();
  // A gift card is bought in the order's currency (decision 051): the owner's amounts in the shopper's.
  const { format: formatMoney, whole, currency, sign, giftCards } = usePrices();
  const { presets, custom: bounds } = giftCards;
  const sold = presets.length > 0 || bounds !== null;
  const { setOpen } = useCartDrawer();
  const add = useAddGiftCardLine();
  const [picked, setChoice] = useState<string | null>(null);
  // The middle amount offered until the shopper picks one (the currency may change under the page).
  const choice =
    picked !== null && (picked === CUSTOM || presets.includes(Number(picked)))
      ? picked
      : String(presets[1] ?? presets[0] ?? CUSTOM);
  const [custom, setCustom] = useState("");
  const [forFriend, setForFriend] = useState(false);
  const [recipientEmail, setRecipientEmail] = useState("");
  const [recipientName, setRecipientName] = useState("");
  const [senderName, setSenderName] = useState("");
  const [message, setMessage] = useState("");
  const { today, last } = dayRange();
  const [deliverOn, setDeliverOn] = useState(today);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  function validate(): { body: GiftCardLineBody | null; errors: Errors } {
    const out: Errors = {};
    const amountCents = choice === CUSTOM ? amountToCents(custom, sign) : Number(choice);
    if (!sold) out.amount = t("giftCards.notSold", { currency });
    else if (
      choice === CUSTOM &&
      (amountCents === null || !bounds || amountCents < bounds.min || amountCents > bounds.max)
    )
      out.amount = t("giftCards.error.amount", {
        min: formatMoney(bounds?.min ?? 0),
        max: formatMoney(bounds?.max ?? 0),
      });
    if (forFriend) {
      if (!EMAIL.test(recipientEmail.trim())) out.recipientEmail = t("giftCards.error.email");
      if (message.trim().length > GIFT_CARD_MESSAGE_MAX)
        out.message = t("giftCards.error.message", { max: GIFT_CARD_MESSAGE_MAX });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(deliverOn) || deliverOn < today || deliverOn > last)
        out.deliverOn = t("giftCards.error.day");
    }
    if (Object.keys(out).length > 0 || amountCents === null) return { body: null, errors: out };
    const body: GiftCardLineBody = forFriend
      ? {
          amountCents,
          recipientEmail: recipientEmail.trim(),
          ...(recipientName.trim() ? { recipientName: recipientName.trim() } : {}),
          ...(senderName.trim() ? { senderName: senderName.trim() } : {}),
          ...(message.trim() ? { message: message.trim() } : {}),
          ...(deliverOn > today ? { deliverOn } : {}),
        }
      : { amountCents };
    return { body, errors: {} };
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    setRefusal(null);
    const checked = validate();
    setErrors(checked.errors);
    if (!checked.body) {
      // After the messages render, so each field is read with its message.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    const body = checked.body;
    add.mutate(
      { body, currency },
      {
        onSuccess: () => {
          toast({
            title: t("giftCards.toast.added"),
            description: t("giftCards.toast.addedText", { amount: formatMoney(body.amountCents) }),
          });
          setMessage("");
          setOpen(true);
        },
        onError: (err) => setRefusal(giftCardFailure(err)),
      },
    );
  }

  const described = (field: Field, id: string, hint?: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `${id}-error` : null, hint ?? null].filter(Boolean).join(" ") || undefined,
  });
  const fieldError = (field: Field, id: string) =>
    errors[field] ? (
      <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
        {errors[field]}
      </p>
    ) : null;
  const clear = (field: Field) => errors[field] && setErrors((e) => ({ ...e, [field]: undefined }));
  // The chosen option: a border, a fill and a check mark (not its colour alone).
  const radioCard =
    "group flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-sand-deep bg-white px-4 font-semibold text-ink has-[:checked]:border-forest has-[:checked]:bg-sand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-forest";

  return (
    <section className="container-shop py-10 sm:py-14">
      <div className="mx-auto grid max-w-5xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div>
          <h1 className="text-3xl sm:text-4xl">{t("giftCards.title")}</h1>
          <p className="mt-3 text-lg text-muted">{t("giftCards.intro")}</p>
          <form
            ref={form}
            noValidate
            onSubmit={submit}
            className="mt-8 grid gap-6 rounded-card bg-white p-5 shadow-card sm:p-6"
          >
            <fieldset>
              <legend className="text-xl font-display text-forest">{t("giftCards.amount")}</legend>
              <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {presets.map((cents) => (
                  <label key={cents} className={radioCard}>
                    <input
                      type="radio"
                      name="amount"
                      value={cents}
                      checked={choice === String(cents)}
                      onChange={() => {
                        setChoice(String(cents));
                        clear("amount");
                      }}
                      className="sr-only"
                    />
                    <Check aria-hidden className="hidden size-4 group-has-[:checked]:block" />
                    {whole(cents)}
                  </label>
                ))}
                {bounds ? (
                  <label className={radioCard}>
                    <input
                      type="radio"
                      name="amount"
                      value={CUSTOM}
                      checked={choice === CUSTOM}
                      onChange={() => setChoice(CUSTOM)}
                      className="sr-only"
                    />
                    <Check aria-hidden className="hidden size-4 group-has-[:checked]:block" />
                    {t("giftCards.otherAmount")}
                  </label>
                ) : null}
              </div>
              {!sold ? (
                <p className="mt-3 font-semibold text-ink">{t("giftCards.notSold", { currency })}</p>
              ) : null}
              {choice === CUSTOM && bounds ? (
                <div className="mt-4">
                  <label htmlFor={ids.custom} className="block text-sm font-semibold text-ink">
                    {currency === "USD"
                      ? t("giftCards.amountInDollars")
                      : t("giftCards.amountInCurrency", { currency })}
                  </label>
                  <div className="relative mt-1 max-w-48">
                    <span aria-hidden className="absolute inset-y-0 left-3 flex items-center text-muted">
                      {sign}
                    </span>
                    <input
                      id={ids.custom}
                      name="custom-amount"
                      inputMode="decimal"
                      autoComplete="off"
                      value={custom}
                      onChange={(e) => {
                        setCustom(e.target.value);
                        clear("amount");
                      }}
                      {...described("amount", ids.amount, `${ids.custom}-hint`)}
                      className={`${inputClass} ${sign.length > 1 ? "pl-12" : "pl-7"}`}
                    />
                  </div>
                  <p id={`${ids.custom}-hint`} className="mt-1 text-sm text-muted">
                    {t("giftCards.amountRange", { min: whole(bounds.min), max: whole(bounds.max) })}
                  </p>
                </div>
              ) : null}
              {fieldError("amount", ids.amount)}
            </fieldset>
            <fieldset>
              <legend className="text-xl font-display text-forest">{t("giftCards.who")}</legend>
              <div className="mt-3 grid grid-cols-2 gap-2 sm:max-w-md">
                <label className={radioCard}>
                  <input
                    type="radio"
                    name="for"
                    checked={!forFriend}
                    onChange={() => setForFriend(false)}
                    className="sr-only"
                  />
                  <Check aria-hidden className="hidden size-4 group-has-[:checked]:block" />
                  {t("giftCards.forMe")}
                </label>
                <label className={radioCard}>
                  <input
                    type="radio"
                    name="for"
                    checked={forFriend}
                    onChange={() => setForFriend(true)}
                    className="sr-only"
                  />
                  <Check aria-hidden className="hidden size-4 group-has-[:checked]:block" />
                  {t("giftCards.forFriend")}
                </label>
              </div>
              <p className="mt-2 text-sm text-muted">
                {t(forFriend ? "giftCards.sendFriend" : "giftCards.sendMe")}
              </p>
            </fieldset>
            {forFriend ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <label htmlFor={ids.email} className="block text-sm font-semibold text-ink">
                    {t("giftCards.friendEmail")}
                  </label>
                  <input
                    id={ids.email}
                    type="email"
                    name="recipient-email"
                    autoComplete="off"
                    inputMode="email"
                    value={recipientEmail}
                    onChange={(e) => {
                      setRecipientEmail(e.target.value);
                      clear("recipientEmail");
                    }}
                    maxLength={254}
                    {...described("recipientEmail", ids.email)}
                    className={`${inputClass} mt-1`}
                  />
                  {fieldError("recipientEmail", ids.email)}
                </div>
                <div>
                  <label htmlFor={ids.name} className="block text-sm font-semibold text-ink">
                    {t("giftCards.friendName")}{" "}
                    <span className="font-normal text-muted">{t("giftCards.optional")}</span>
                  </label>
                  <input
                    id={ids.name}
                    name="recipient-name"
                    autoComplete="off"
                    value={recipientName}
                    onChange={(e) => setRecipientName(e.target.value)}
                    maxLength={100}
                    className={`${inputClass} mt-1`}
                  />
                </div>
                <div>
                  <label htmlFor={ids.sender} className="block text-sm font-semibold text-ink">
                    {t("giftCards.yourName")}{" "}
                    <span className="font-normal text-muted">{t("giftCards.optional")}</span>
                  </label>
                  <input
                    id={ids.sender}
                    name="sender-name"
                    autoComplete="name"
                    value={senderName}
                    onChange={(e) => setSenderName(e.target.value)}
                    maxLength={100}
                    className={`${inputClass} mt-1`}
                  />
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor={ids.message} className="block text-sm font-semibold text-ink">
                    {t("giftCards.message")}{" "}
                    <span className="font-normal text-muted">{t("giftCards.optional")}</span>
                  </label>
                  <textarea
                    id={ids.message}
                    name="message"
                    rows={4}
                    value={message}
                    onChange={(e) => {
                      setMessage(e.target.value);
                      clear("message");
                    }}
                    {...described("message", ids.message, `${ids.message}-count`)}
                    className={`${inputClass} mt-1 py-2`}
                  />
                  <p id={`${ids.message}-count`} className="mt-1 text-sm text-muted">
                    {t("giftCards.messageCount", {
                      count: message.trim().length,
                      max: GIFT_CARD_MESSAGE_MAX,
                    })}
                  </p>
                  {fieldError("message", ids.message)}
                </div>
                <div>
                  <label htmlFor={ids.day} className="block text-sm font-semibold text-ink">
                    {t("giftCards.sendOn")}
                  </label>
                  <input
                    id={ids.day}
                    type="date"
                    name="deliver-on"
                    min={today}
                    max={last}
                    value={deliverOn}
                    onChange={(e) => {
                      setDeliverOn(e.target.value);
                      clear("deliverOn");
                    }}
                    {...described("deliverOn", ids.day, `${ids.day}-hint`)}
                    className={`${inputClass} mt-1`}
                  />
                  <p id={`${ids.day}-hint`} className="mt-1 text-sm text-muted">
                    {t("giftCards.sendOnHint")}
                  </p>
                  {fieldError("deliverOn", ids.day)}
                </div>
              </div>
            ) : null}
            {refusal ? (
              <p id={ids.error} role="alert" className="text-sm font-semibold text-danger">
                {refusal}
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              pending={add.isPending}
              pendingText={t("giftCards.adding")}
              disabled={!sold}
            >
              <Gift aria-hidden className="size-5" />
              {t("giftCards.add")}
            </Button>
          </form>
        </div>
        <aside aria-labelledby="gift-how" className="rounded-card bg-sand p-5 shadow-card sm:p-6">
          <h2 id="gift-how" className="text-xl">
            {t("giftCards.how.title")}
          </h2>
          <ul className="mt-4 grid list-disc gap-3 pl-5 leading-relaxed text-ink">
            <li>{t("giftCards.how.arrives")}</li>
            <li>{t("giftCards.how.expires")}</li>
            <li>{t("giftCards.how.pays")}</li>
            <li>{t("giftCards.how.enter")}</li>
          </ul>
          <p className="mt-5">
            <Link
              to="/gift-cards/balance"
              className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
            >
              {t("giftCards.checkBalance")}
            </Link>
          </p>
        </aside>
      </div>
    </section>
  );
}
