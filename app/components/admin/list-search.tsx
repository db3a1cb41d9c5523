import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

/**
 * A dashboard list's search: a plain GET form (it works without JavaScript and the URL can be shared),
 * a labelled search box, any filters given as children (`ListSelect`, `ListDate`), and the button.
 */
export function ListSearch({
  id,
  label,
  name = label,
  placeholder,
  value,
  submit,
  problem,
  children,
}: {
  id: string;
  label: string;
  /** The search landmark's name, where the box's label does not say what is searched ("Orders"). */
  name?: string;
  placeholder?: string;
  value: string;
  submit: string;
  /** Why the last search was not understood, if it was not. */
  problem: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <Form
        method="get"
        role="search"
        aria-label={name}
        className="mt-6 grid gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-[1fr_auto] sm:items-end md:flex md:flex-wrap"
      >
        <div className="min-w-0 md:flex-[2_1_16rem]">
          <Field id={id} label={label}>
            <input
              id={id}
              name="q"
              type="search"
              defaultValue={value}
              maxLength={100}
              placeholder={placeholder}
              className={inputClass}
            />
          </Field>
        </div>
        {children}
        <Button type="submit" size="md">
          {submit}
        </Button>
      </Form>
      {problem ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** A filter beside the search box: its label above its control, in the search's row from md up. */
function ListFilter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 md:flex-[1_1_9rem]">
      <Field id={id} label={label}>
        {children}
      </Field>
    </div>
  );
}

const capitalised = (s: string) => `${s[0]?.toUpperCase() ?? ""}${s.slice(1)}`;

/** A choice filter: "all" (named by `any`) first, then each option, shown capitalised unless `text` says. */
export function ListSelect({
  id,
  name,
  label,
  value,
  any,
  options,
  text = capitalised,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  any: string;
  options: readonly string[];
  text?: (option: string) => string;
}) {
  return (
    <ListFilter id={id} label={label}>
      <select id={id} name={name} defaultValue={value || "all"} className={inputClass}>
        <option value="all">{any}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </ListFilter>
  );
}

/** A day filter ("Placed from"): the browser's date picker, sent as YYYY-MM-DD. */
export function ListDate({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
}) {
  return (
    <ListFilter id={id} label={label}>
      <input id={id} name={name} type="date" defaultValue={value} className={inputClass} />
    </ListFilter>
  );
}
