import { type AdminCodeView, CODE_AMOUNT_CURRENCIES } from "../../../core/contracts/admin-codes.ts";
import { codeHasAmounts } from "../../../core/discount-code.ts";
import { formatMoney } from "../../../core/money.ts";
import { useFormAction } from "../../hooks/use-form-action.ts";
import { toast } from "../../hooks/use-toast.ts";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";

const amountText = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

/**
 * A code's amount off and minimum in CAD, EUR and GBP (decision 051), for a code that names an amount: shown
 * to everyone who reads the list, editable by an admin (`intent` amounts, with the code's id). A currency
 * left blank is one the code gives nothing in. Each wrong amount is said beside its field.
 */
export function CodeAmounts({ code, manage }: { code: AdminCodeView; manage: boolean }) {
  const { terms } = code;
  const action = useFormAction("amounts", () => toast({ title: `${terms.code}'s amounts are saved` }));
  if (!codeHasAmounts(terms)) return null;
  const errors = action.errors;
  const isAmount = terms.kind === "amount";
  const hasMinimum = terms.minSubtotalCents != null;
  const shown = CODE_AMOUNT_CURRENCIES.map((c) => {
    const there = terms.amounts?.[c];
    const parts = [
      isAmount && there?.amountCents != null ? `${formatMoney(there.amountCents, c)} off` : null,
      hasMinimum && there?.minSubtotalCents != null ? `from ${formatMoney(there.minSubtotalCents, c)}` : null,
    ].filter(Boolean);
    return `${c}: ${parts.length > 0 ? parts.join(", ") : "not in this currency"}`;
  });
  if (!manage || code.status === "ended")
    return (
      <ul className="grid gap-0.5 text-sm text-muted" aria-label={`${terms.code} in other currencies`}>
        {shown.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    );
  const fieldId = (name: string) => `code-${code.id}-${name}`;
  return (
    <details className="rounded-xl border border-sand-deep p-3 text-sm">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-ink">
        In other currencies: {shown.join(" · ")}
      </summary>
      <action.fetcher.Form method="post" className="mt-3 grid gap-3" noValidate>
        <input type="hidden" name="intent" value="amounts" />
        <input type="hidden" name="id" value={code.id} />
        <p className="text-muted">Blank: the code gives nothing on orders in that currency.</p>
        {CODE_AMOUNT_CURRENCIES.map((c) => (
          <div key={c} className="grid gap-3 sm:grid-cols-2">
            {(isAmount ? ["amount", "minimum"] : ["minimum"])
              .filter((field) => field === "amount" || hasMinimum)
              .map((field) => {
                const name = `${field}-${c}`;
                const error = errors?.[name];
                const value =
                  field === "amount" ? terms.amounts?.[c]?.amountCents : terms.amounts?.[c]?.minSubtotalCents;
                return (
                  <div key={name} className="grid content-start gap-1">
                    <label htmlFor={fieldId(name)} className="font-medium text-ink">
                      {field === "amount" ? `Amount off (${c})` : `Minimum order (${c})`}
                    </label>
                    <input
                      id={fieldId(name)}
                      name={name}
                      inputMode="decimal"
                      autoComplete="off"
                      defaultValue={amountText(value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${fieldId(name)}-error` : undefined}
                      className={`${inputClass} tabular-nums ${error ? "border-danger" : ""}`}
                    />
                    {error ? (
                      <p id={`${fieldId(name)}-error`} className="font-medium text-danger">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
          </div>
        ))}
        {errors?.form ? (
          <p role="alert" className="font-medium text-danger">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" size="sm" variant="secondary" pending={action.pending} pendingText="Saving…">
          Save amounts for {terms.code}
        </Button>
      </action.fetcher.Form>
    </details>
  );
}
