import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { REACTION_DESCRIPTION, REACTION_NAME_MAX } from "../../core/reaction-report.ts";
import { TextPage } from "../components/layout/text-page.tsx";
import { Button } from "../components/ui/button.tsx";
import { Field, inputClass } from "../components/ui/field.tsx";
import { useLaterT } from "../hooks/use-later-t.ts";
import { type Translator, useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import { type ApiError, apiErrorOf, apiRequest } from "../lib/api.ts";
import { useMutation } from "../lib/query.ts";
import type { Route } from "./+types/report-a-reaction";

export { headers, loader } from "./report-a-reaction.server.ts";

// The head's words come from the loader, in the page's language: a meta function has no translator.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
];

type Values = {
  productId: string;
  orderNumber: string;
  description: string;
  name: string;
  email: string;
  phone: string;
};

/** The words of a refusal a Spanish or French page gives itself, by the field and what was typed there. */
function fieldWords(field: string, values: Values, t: Translator["t"]): string | null {
  const description = values.description.trim();
  switch (field) {
    case "productId":
      return t("reactions.error.productId");
    case "orderNumber":
      return t("reactions.error.orderNumber");
    case "description":
      if (!description) return t("reactions.error.descriptionRequired");
      if (description.length < REACTION_DESCRIPTION.min)
        return t("reactions.error.descriptionShort", { min: REACTION_DESCRIPTION.min });
      return t("reactions.error.descriptionLong", { max: REACTION_DESCRIPTION.max });
    case "name":
      return t("reactions.error.name");
    case "email":
      return t("reactions.error.email");
    case "phone":
      return t("reactions.error.phone");
    case "consent":
      return t("reactions.error.consent");
    default:
      return null;
  }
}

/** The keys a refusal may need, formatted in the first render so the page carries them. */
const REFUSAL_KEYS = [
  "reactions.error.connection",
  "reactions.error.onField",
  "reactions.error.tooMany",
  "reactions.error.productId",
  "reactions.error.orderNumber",
  "reactions.error.descriptionRequired",
  "reactions.error.descriptionShort",
  "reactions.error.descriptionLong",
  "reactions.error.name",
  "reactions.error.email",
  "reactions.error.phone",
  "reactions.error.consent",
];

/**
 * The form for a report of a reaction to a product (decision 044): POST /api/reactions. The server checks
 * every field again and answers each problem beside its field: an English page shows the server's words,
 * a Spanish or French page its own, by the field (docs/decisions/049-languages.md).
 */
export default function ReportReactionPage({ loaderData }: Route.ComponentProps) {
  const { products, initial, phone } = loaderData;
  const t = useT();
  const locale = useLocale();
  const later = useLaterT(REFUSAL_KEYS);
  const [values, setValues] = useState<Values>({
    productId: initial.productId ? String(initial.productId) : "",
    orderNumber: initial.orderNumber,
    description: initial.description,
    name: initial.name,
    email: initial.email,
    phone: "",
  });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = {
    productId: useId(),
    orderNumber: useId(),
    description: useId(),
    name: useId(),
    email: useId(),
    phone: useId(),
    consent: useId(),
  };
  const done = useRef<HTMLDivElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  const send = useMutation({
    mutationFn: () =>
      apiRequest<{ id: string }>("POST", "/api/reactions", {
        productId: values.productId ? Number(values.productId) : undefined,
        orderNumber: values.orderNumber || undefined,
        description: values.description,
        name: values.name,
        email: values.email,
        phone: values.phone || undefined,
        consent,
      }),
    onSuccess: () => setErrors({}),
    onError: (err) => {
      const failure = apiErrorOf(err);
      // The server's message per field, shown beside the fields this form has (in the page's language).
      const fields = Object.fromEntries(
        Object.entries(failure?.fields ?? {})
          .filter(([key]) => key in ids)
          .map(([key, message]) => [
            key,
            locale === "en" ? message : (fieldWords(key, values, later) ?? message),
          ]),
      );
      const onField = Object.keys(fields).length > 0;
      setErrors({
        ...fields,
        // A problem shown beside its field is named once there; the alert says what to do.
        form: !failure?.fromServer
          ? later("reactions.error.connection")
          : onField
            ? later("reactions.error.onField")
            : formWords(failure),
      });
    },
  });
  useEffect(() => {
    if (send.isSuccess) done.current?.focus();
  }, [send.isSuccess]);
  useEffect(() => {
    if (send.isError) problem.current?.focus();
  }, [send.isError]);

  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const described = (key: string, hint = false) =>
    [
      hint ? `${ids[key as keyof typeof ids]}-hint` : "",
      errors[key] ? `${ids[key as keyof typeof ids]}-error` : "",
    ]
      .filter(Boolean)
      .join(" ") || undefined;
  const fieldError = (key: keyof typeof ids) =>
    errors[key] ? (
      <p id={`${ids[key]}-error`} className="text-sm text-danger">
        {errors[key]}
      </p>
    ) : null;

  /** A refusal of the whole report: the server's words on an English page, or the page's own by its code. */
  function formWords(failure: ApiError): string {
    if (locale === "en") return failure.message;
    if (failure.code === "too_many_requests") return later("reactions.error.tooMany");
    if (failure.code === "unknown_order") return later("reactions.error.orderNumber");
    return failure.message;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    send.mutate();
  }

  if (send.isSuccess) {
    return (
      <TextPage title={t("reactions.title")} intro={t("reactions.done.intro")}>
        <div ref={done} tabIndex={-1} role="status" className="grid gap-3 rounded-card bg-sand p-5">
          <h2 className="text-xl">{t("reactions.done.heading")}</h2>
          <p>{rich(t, "reactions.done.text", { email: <strong>{values.email}</strong> })}</p>
          <p>{t("reactions.done.severe")}</p>
        </div>
        <p>
          <Link to="/" className="font-medium text-forest underline underline-offset-2">
            {t("reactions.done.back")}
          </Link>
        </p>
      </TextPage>
    );
  }

  return (
    <TextPage title={t("reactions.title")} intro={t("reactions.intro")}>
      <p className="rounded-card border-2 border-danger/60 bg-white p-4 text-ink">
        {rich(
          t,
          phone ? "reactions.emergencyPhone" : "reactions.emergency",
          {
            call: <strong>{t("reactions.emergencyCall")}</strong>,
            link: (
              <a
                href="https://www.safetyreporting.hhs.gov"
                className="font-medium text-forest underline underline-offset-2"
              >
                safetyreporting.hhs.gov
              </a>
            ),
          },
          { phone },
        )}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label={t("reactions.title")} className="grid gap-5">
        <Field id={ids.productId} label={t("reactions.product")}>
          <select
            id={ids.productId}
            value={values.productId}
            onChange={set("productId")}
            required
            aria-invalid={errors.productId ? true : undefined}
            aria-describedby={described("productId")}
            className={inputClass}
          >
            <option value="">{t("reactions.chooseProduct")}</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        {fieldError("productId")}
        <Field id={ids.orderNumber} label={t("reactions.orderNumber")} hint={t("reactions.orderNumberHint")}>
          <input
            id={ids.orderNumber}
            value={values.orderNumber}
            onChange={set("orderNumber")}
            maxLength={40}
            autoComplete="off"
            aria-invalid={errors.orderNumber ? true : undefined}
            aria-describedby={described("orderNumber", true)}
            className={inputClass}
          />
        </Field>
        {fieldError("orderNumber")}
        <Field
          id={ids.description}
          label={t("reactions.description")}
          hint={t("reactions.descriptionHint", { max: REACTION_DESCRIPTION.max })}
        >
          <textarea
            id={ids.description}
            value={values.description}
            onChange={set("description")}
            required
            rows={6}
            maxLength={REACTION_DESCRIPTION.max}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={described("description", true)}
            className={`${inputClass} py-2`}
          />
        </Field>
        {fieldError("description")}
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Field id={ids.name} label={t("reactions.name")}>
              <input
                id={ids.name}
                value={values.name}
                onChange={set("name")}
                required
                maxLength={REACTION_NAME_MAX}
                autoComplete="name"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={described("name")}
                className={inputClass}
              />
            </Field>
            {fieldError("name")}
          </div>
          <div className="grid gap-1.5">
            <Field id={ids.email} label={t("reactions.email")}>
              <input
                id={ids.email}
                type="email"
                value={values.email}
                onChange={set("email")}
                required
                autoComplete="email"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={described("email")}
                className={inputClass}
              />
            </Field>
            {fieldError("email")}
          </div>
        </div>
        <Field id={ids.phone} label={t("reactions.phone")} hint={t("reactions.phoneHint")}>
          <input
            id={ids.phone}
            type="tel"
            value={values.phone}
            onChange={set("phone")}
            maxLength={30}
            autoComplete="tel"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={described("phone", true)}
            className={inputClass}
          />
        </Field>
        {fieldError("phone")}
        <div className="flex items-start gap-3">
          <input
            id={ids.consent}
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            required
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={described("consent")}
            className="mt-1 size-5 shrink-0 accent-forest"
          />
          <label htmlFor={ids.consent} className="text-sm">
            {t("reactions.consent")}
          </label>
        </div>
        {fieldError("consent")}
        {errors.form ? (
          <p ref={problem} tabIndex={-1} role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          pending={send.isPending}
          pendingText={t("reactions.sending")}
          className="justify-self-start"
        >
          {t("reactions.send")}
        </Button>
      </form>
    </TextPage>
  );
}
