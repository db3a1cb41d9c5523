import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { REACTION_CONSENT, REACTION_DESCRIPTION, REACTION_NAME_MAX } from "../../core/reaction-report.ts";
import { TextPage } from "../components/layout/text-page.tsx";
import { Button } from "../components/ui/button.tsx";
import { Field, inputClass } from "../components/ui/field.tsx";
import { Link } from "../i18n/link.tsx";
import { apiErrorOf, apiRequest } from "../lib/api.ts";
import { useMutation } from "../lib/query.ts";
import type { Route } from "./+types/report-a-reaction";

export { headers, loader } from "./report-a-reaction.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Report a reaction | MANA" },
  {
    name: "description",
    content: "Tell MANA about a reaction or side effect you had with one of our products.",
  },
];

type Values = {
  productId: string;
  orderNumber: string;
  description: string;
  name: string;
  email: string;
  phone: string;
};

/**
 * The form for a report of a reaction to a product (decision 044): POST /api/reactions. The server checks
 * every field again and answers each problem beside its field.
 */
export default function ReportReactionPage({ loaderData }: Route.ComponentProps) {
  const { products, initial, phone } = loaderData;
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
      // The server's message per field, shown beside the fields this form has.
      const fields = Object.fromEntries(Object.entries(failure?.fields ?? {}).filter(([key]) => key in ids));
      const onField = Object.keys(fields).length > 0;
      setErrors({
        ...fields,
        // A problem shown beside its field is named once there; the alert says what to do.
        form: !failure?.fromServer
          ? "We could not send your report. Check your connection and try again."
          : onField
            ? "Your report was not sent yet: check the field marked below."
            : failure.message,
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

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    send.mutate();
  }

  if (send.isSuccess) {
    return (
      <TextPage title="Report a reaction" intro="Thank you for telling us.">
        <div ref={done} tabIndex={-1} role="status" className="grid gap-3 rounded-card bg-sand p-5">
          <h2 className="text-xl">We received your report</h2>
          <p>
            The MANA team reads every report and may contact you about it. We sent an acknowledgment to{" "}
            <strong>{values.email}</strong>.
          </p>
          <p>If your symptoms are severe or getting worse, contact a doctor or call 911 now.</p>
        </div>
        <p>
          <Link to="/" className="font-medium text-forest underline underline-offset-2">
            Back to the shop
          </Link>
        </p>
      </TextPage>
    );
  }

  return (
    <TextPage
      title="Report a reaction"
      intro="Had a reaction or a side effect with one of our products? Tell us what happened: we read every report."
    >
      <p className="rounded-card border-2 border-danger/60 bg-white p-4 text-ink">
        <strong>If it is an emergency, call 911.</strong> For a severe reaction, contact a doctor first; you
        can also report it to the FDA at{" "}
        <a
          href="https://www.safetyreporting.hhs.gov"
          className="font-medium text-forest underline underline-offset-2"
        >
          safetyreporting.hhs.gov
        </a>
        .{phone ? ` You can also call us at ${phone}.` : ""}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Report a reaction" className="grid gap-5">
        <Field id={ids.productId} label="Product">
          <select
            id={ids.productId}
            value={values.productId}
            onChange={set("productId")}
            required
            aria-invalid={errors.productId ? true : undefined}
            aria-describedby={described("productId")}
            className={inputClass}
          >
            <option value="">Choose the product</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        {fieldError("productId")}
        <Field
          id={ids.orderNumber}
          label="Order number (optional)"
          hint="On your order confirmation or order page. As a guest, use the e-mail the order was placed with."
        >
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
          label="What happened"
          hint={`When you took it, what you felt, and how long it lasted (up to ${REACTION_DESCRIPTION.max} characters).`}
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
            <Field id={ids.name} label="Your name">
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
            <Field id={ids.email} label="E-mail">
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
        <Field id={ids.phone} label="Phone (optional)" hint="If you would rather we call you.">
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
            I agree: {REACTION_CONSENT}
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
          pendingText="Sending…"
          className="justify-self-start"
        >
          Send report
        </Button>
      </form>
    </TextPage>
  );
}
