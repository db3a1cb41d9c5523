import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";

interface Props {
  value: number;
  label: string;
  onDecrease: () => void;
  onIncrease: () => void;
  disabled?: boolean;
  max?: number;
}

/** Minus / value / plus, each button a 44 px target with a label naming the product. */
export function QuantityStepper({ value, label, onDecrease, onIncrease, disabled, max = 99 }: Props) {
  const button =
    "inline-flex size-11 items-center justify-center rounded-full text-forest hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a fieldset of inputs
    <div
      className="inline-flex items-center rounded-full border border-sand-deep bg-white"
      role="group"
      aria-label={`Quantity of ${label}`}
    >
      <button
        type="button"
        className={button}
        onClick={onDecrease}
        disabled={disabled}
        aria-label={`Decrease quantity of ${label}`}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={button}
        onClick={onIncrease}
        disabled={disabled || value >= max}
        aria-label={`Increase quantity of ${label}`}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
