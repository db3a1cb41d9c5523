import Check from "lucide-react/icons/check";
import { useEffect, useRef } from "react";
import type { Stack } from "../../../core/contracts/content.ts";
import type { OutcomeId } from "../../../core/outcomes.ts";
import { lineTotalCents, subscriptionDiscountPercent } from "../../../core/pricing.ts";
import { type QuizAnswers, type QuizPick, recommend } from "../../../core/quiz.ts";
import { type CartLineInput, useAddToCart } from "../../hooks/use-cart.ts";
import { type Translator, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { usePrices } from "../../lib/currency.ts";
import { FdaDisclaimer } from "../layout/fda-disclaimer.tsx";
import { VatIncluded } from "../shop/market-notes.tsx";
import { StackButtons, StackPrice } from "../stacks/stack-card.tsx";
import { Button } from "../ui/button.tsx";
import { QuizSave } from "./quiz-save.tsx";
import { reasonText, SUPPORTS } from "./quiz-words.ts";

export interface QuizProduct {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  imageUrl: string;
  accent: string;
  subscriptionDiscount: number | null;
  inStock: boolean;
}

export interface QuizReading {
  slug: string;
  title: string;
  featuredProducts: number[];
  outcomes: OutcomeId[];
}

/** Up to this many "Why these?" articles. */
const READING_LIMIT = 3;

/**
 * The hub's articles on the shopper's goals: those on more of the goals first, then those about the
 * recommended products (and fewer others).
 */
function readingFor(reading: QuizReading[], goals: OutcomeId[], picks: number[]): QuizReading[] {
  const score = (a: QuizReading) =>
    a.outcomes.filter((o) => goals.includes(o)).length * 2 +
    a.featuredProducts.filter((p) => picks.includes(p)).length -
    a.featuredProducts.filter((p) => !picks.includes(p)).length / 2;
  return reading
    .filter((a) => a.outcomes.some((o) => goals.includes(o)))
    .sort((a, b) => score(b) - score(a))
    .slice(0, READING_LIMIT);
}

/**
 * The quiz's result: the curated stack at its price, or the personal combination of products, each with
 * why it was suggested (the answers that earned it points), what it supports (with the FDA statement),
 * the price once and subscribed in the shopper's currency, Add to cart and Subscribe, articles on the
 * goals, and the choice to save the answers to the account.
 */
export function QuizResult({
  answers,
  products,
  stacks,
  reading,
  onBack,
  onRestart,
}: {
  answers: QuizAnswers;
  products: QuizProduct[];
  stacks: Stack[];
  reading: QuizReading[];
  onBack: () => void;
  onRestart: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const result = recommend(
    answers,
    stacks.map((s) => ({ id: s.id, productIds: s.productCombination.map((p) => p.id) })),
  );
  const stack = stacks.find((s) => s.id === result.stackId) ?? null;
  const picked = result.picks.flatMap((pick) => {
    const product = products.find((p) => p.id === pick.productId);
    return product ? [{ pick, product }] : [];
  });
  const taken = result.alreadyTaken.flatMap((id) => products.find((p) => p.id === id)?.name ?? []);
  const articles = readingFor(
    reading,
    answers.goals,
    picked.map((p) => p.product.id),
  );

  return (
    <section aria-labelledby="quiz-result-title" className="mt-8 grid gap-8">
      <div>
        <h2 id="quiz-result-title" ref={heading} tabIndex={-1} className="text-3xl outline-none sm:text-4xl">
          {stack ? stack.name : t("quiz.result.title")}
        </h2>
        <p className="mt-3 text-lg">
          {stack ? t("quiz.result.stackIntro") : t("quiz.result.personalIntro", { count: picked.length })}
        </p>
        {taken.length ? (
          <p className="mt-2 text-muted">{t("quiz.result.alreadyTaken", { names: taken.join(", ") })}</p>
        ) : null}
      </div>

      <ul className="grid gap-4" aria-label={t("quiz.result.productsLabel")}>
        {picked.map(({ pick, product }) => (
          <li key={product.id}>
            <PickCard pick={pick} product={product} />
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="quiz-buy"
        className="grid gap-5 rounded-card bg-white p-5 shadow-card sm:p-6"
        data-testid="quiz-buy"
      >
        <h3 id="quiz-buy" className="text-2xl">
          {t(stack ? "quiz.buy.stackTitle" : "quiz.buy.title")}
        </h3>
        {stack ? (
          <>
            <StackPrice stack={stack} />
            <StackButtons stack={stack} showDetails={false} />
            <Link
              to={`/stacks/${stack.slug}`}
              className="font-semibold text-forest underline underline-offset-4"
            >
              {t("quiz.buy.stackLink", { name: stack.name })}
            </Link>
          </>
        ) : (
          <PersonalBuyBox products={picked.map((p) => p.product)} />
        )}
        <p className="text-sm text-muted">{t("quiz.buy.renewal")}</p>
      </section>

      <FdaDisclaimer />

      {articles.length ? (
        <section aria-labelledby="quiz-why" className="rounded-card bg-sand p-5 sm:p-6">
          <h3 id="quiz-why" className="text-2xl">
            {t("quiz.why.title")}
          </h3>
          <p className="mt-1 text-muted">{t("quiz.why.text")}</p>
          <ul className="mt-4 grid gap-2">
            {articles.map((a) => (
              <li key={a.slug}>
                <Link
                  to={`/knowledge/${a.slug}`}
                  className="font-semibold text-forest underline underline-offset-4"
                >
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <QuizSave answers={answers} />

      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" size="md-wide" onClick={onBack}>
          {t("quiz.back")}
        </Button>
        <Button type="button" variant="ghost" size="md-wide" className="text-forest" onClick={onRestart}>
          {t("quiz.result.restart")}
        </Button>
      </div>
    </section>
  );
}

/** A recommended product: what it supports and why it was suggested, with its own price. */
function PickCard({ pick, product }: { pick: QuizPick; product: QuizProduct }) {
  const t = useT();
  const prices = usePrices();
  const cents = prices.product(product.id);
  const supports = SUPPORTS[product.id];
  return (
    <article className="flex gap-4 rounded-card bg-white p-5 shadow-card">
      <img
        src={product.imageUrl}
        alt=""
        width={96}
        height={96}
        className="size-20 shrink-0 rounded-xl bg-sand object-contain sm:size-24"
      />
      <div className="min-w-0">
        <h3 className="text-xl">
          <Link to={`/products/${product.slug}`} className="underline-offset-4 hover:underline">
            {product.name}
          </Link>
        </h3>
        {supports ? (
          <p className="mt-1">
            {t(supports)}
            <span aria-hidden>*</span>
          </p>
        ) : null}
        <p className="mt-3 text-sm font-semibold">{t("quiz.result.why")}</p>
        <ul className="mt-1 grid gap-1 text-sm">
          {pick.reasons.map((r) => (
            <li key={JSON.stringify(r)} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-verdant" aria-hidden />
              <span>{reasonText(t, r)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          {cents === null ? (
            <span className="font-semibold text-muted">
              {t("shop.price.unavailable", { currency: prices.sign })}
            </span>
          ) : (
            <>
              <span className="font-semibold text-gold">{prices.format(cents)}</span>{" "}
              <span className="text-muted">{t("stacks.card.supply")}</span>
              {product.inStock ? null : (
                <span className="ml-2 font-semibold text-muted">{t("shop.outOfStock")}</span>
              )}
            </>
          )}
        </p>
      </div>
    </article>
  );
}

/** The toast after the products are in the cart (the stacks' words). */
const describeLines = (t: Translator["t"]) => (lines: CartLineInput[]) =>
  t(lines[0]?.isSubscription ? "stacks.toast.addedSubscription" : "stacks.toast.added", {
    count: lines.length,
  });

/**
 * The personal combination's prices and buttons: the products sold in the shopper's currency and in
 * stock, once or subscribed (each at its own subscription discount), added in one click.
 */
function PersonalBuyBox({ products }: { products: QuizProduct[] }) {
  const t = useT();
  const prices = usePrices();
  const add = useAddToCart({ describe: describeLines(t) });
  const buyable = products.flatMap((p) => {
    const cents = prices.product(p.id);
    return cents !== null && p.inStock ? [{ ...p, cents }] : [];
  });
  if (buyable.length === 0)
    return <p className="font-semibold text-muted">{t("quiz.buy.none", { currency: prices.sign })}</p>;
  const onceCents = buyable.reduce((sum, p) => sum + p.cents, 0);
  const subscribedCents = buyable.reduce(
    (sum, p) => sum + lineTotalCents(p.cents, 1, subscriptionDiscountPercent(p.subscriptionDiscount)),
    0,
  );
  const addAll = (isSubscription: boolean) =>
    add.mutate(buyable.map((p) => ({ productId: p.id, quantity: 1, isSubscription })));
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <dt className="text-muted">{t("quiz.buy.once")}</dt>
          <dd className="font-display text-2xl font-semibold text-forest">{prices.format(onceCents)}</dd>
          <VatIncluded />
        </div>
        <div className="flex flex-wrap items-baseline gap-x-2">
          <dt className="text-muted">{t("quiz.buy.subscribed")}</dt>
          <dd className="font-display text-2xl font-semibold text-gold">
            {t("stacks.perMonth", { price: prices.format(subscribedCents) })}
          </dd>
        </div>
      </dl>
      {buyable.length < products.length ? (
        <p className="text-sm text-muted">
          {t("quiz.buy.partial", { names: buyable.map((p) => p.name).join(", ") })}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button size="lg" disabled={add.isPending} onClick={() => addAll(false)}>
          {t("quiz.buy.add", { price: prices.format(onceCents) })}
        </Button>
        <Button variant="accent" size="lg" disabled={add.isPending} onClick={() => addAll(true)}>
          {t("quiz.buy.subscribe", { price: prices.format(subscribedCents) })}
        </Button>
      </div>
    </div>
  );
}
