import type { ReactNode } from "react";

/** One choice of a radio group in a dialog: the whole row is the label, the chosen one outlined. */
export function ChoiceOption({
  name,
  value,
  checked,
  onChange,
  children,
  detail,
  aside,
  disabled = false,
}: {
  name: string;
  /** What the form posts for this choice. */
  value?: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  /** A second line under the label, muted. */
  detail?: ReactNode;
  /** Shown at the end of the row: a price. */
  aside?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label
      className={`flex min-h-12 items-center gap-3 rounded-xl border-2 bg-white px-4 py-2.5 ${
        disabled ? "cursor-not-allowed opacity-70" : "cursor-pointer"
      } ${checked ? "border-forest" : "border-sand-deep"}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="size-5 shrink-0 accent-forest"
      />
      <span className="flex-1 text-ink">
        {children}
        {detail ? <span className="block text-sm text-muted">{detail}</span> : null}
      </span>
      {aside ? <span className="shrink-0 font-semibold text-ink tabular-nums">{aside}</span> : null}
    </label>
  );
}

/** A group of ChoiceOptions under a legend. */
export function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}
