import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";

/**
 * A dashboard list's search: a plain GET form (it works without JavaScript and the URL can be shared),
 * a labelled search box, any filters given as children, and the button.
 */
export function ListSearch({
  id,
  label,
  placeholder,
  value,
  submit,
  problem,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
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
        aria-label={label}
        className="mt-6 grid gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-[1fr_auto] sm:items-end md:flex md:flex-wrap"
      >
        <div className="grid min-w-0 gap-1.5 md:flex-[2_1_16rem]">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            {label}
          </label>
          <input
            id={id}
            name="q"
            type="search"
            defaultValue={value}
            maxLength={100}
            placeholder={placeholder}
            className={inputClass}
          />
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
