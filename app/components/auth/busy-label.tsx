import LoaderCircle from "lucide-react/icons/loader-circle";

/** Spec point 4: while an action runs its button shows a spinner and the running text. */
export function BusyLabel({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: React.ReactNode;
}) {
  if (!busy) return <>{children}</>;
  return (
    <>
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      <span>{busyText}</span>
    </>
  );
}

export const inputClass =
  "block min-h-11 w-full rounded-xl border border-sand-deep bg-white px-3 text-base text-ink placeholder:text-muted/80 focus-visible:border-forest disabled:cursor-not-allowed disabled:opacity-60";

export const primaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-forest px-5 font-semibold text-cream transition hover:bg-forest-deep disabled:cursor-not-allowed disabled:opacity-70";

export const secondaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-forest/30 bg-white px-4 text-sm font-semibold text-forest transition hover:bg-sand disabled:cursor-not-allowed disabled:opacity-60";

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
