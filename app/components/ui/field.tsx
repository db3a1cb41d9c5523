/** The look of a text input inside a Field. */
export const inputClass =
  "block min-h-11 w-full rounded-xl border border-sand-deep bg-white px-3 text-base text-ink placeholder:text-muted/80 focus-visible:border-forest disabled:cursor-not-allowed disabled:opacity-60";

/** A labelled form field: the label, the control (children), and an optional hint below it. */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
