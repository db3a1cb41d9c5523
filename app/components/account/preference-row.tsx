import { Switch } from "radix-ui";
import { useId } from "react";
import {
  type ChoicePreference,
  type PreferenceChange,
  type PreferenceDescriptor,
  type Preferences,
  readPreference,
} from "./preferences-model.ts";

function Toggle({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label id={`${id}-l`} htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-d`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        // The switch is a button: checkers that name a button only from its own attributes and content
        // (HTML_CodeSniffer, H91) miss a <label for>; aria-labelledby names it for every reader.
        aria-labelledby={`${id}-l`}
        aria-describedby={`${id}-d`}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-muted/40 p-0.5 transition data-[state=checked]:bg-forest"
      >
        <Switch.Thumb className="block size-6 rounded-full bg-white shadow transition data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ChoicePreference["options"];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-xl border border-sand-deep bg-white px-3 text-ink"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * One row of a preferences group: a switch (label, description) for a toggle, a labelled select for a
 * choice, showing its setting's value in `preferences` and reporting every change.
 */
export function PreferenceRow({
  item,
  preferences,
  onChange,
}: {
  item: PreferenceDescriptor;
  preferences: Preferences;
  onChange: (change: PreferenceChange) => void;
}) {
  return item.kind === "toggle" ? (
    <Toggle
      label={item.label}
      description={item.description}
      checked={readPreference(preferences, item)}
      onChange={(value) => onChange({ item, value })}
    />
  ) : (
    <Choice
      label={item.label}
      value={readPreference(preferences, item)}
      options={item.options}
      onChange={(value) => onChange({ item, value })}
    />
  );
}
