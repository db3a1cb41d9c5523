import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import { Button } from "../ui/button.tsx";

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
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a fieldset of inputs
    <div
      className="inline-flex items-center rounded-full border border-sand-deep bg-white"
      role="group"
      aria-label={`Quantity of ${label}`}
    >
      <Button
        variant="ghost"
        size="icon"
        className="text-forest"
        onClick={onDecrease}
        disabled={disabled}
        aria-label={`Decrease quantity of ${label}`}
      >
        <Minus className="size-4" aria-hidden />
      </Button>
      <output className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </output>
      <Button
        variant="ghost"
        size="icon"
        className="text-forest"
        onClick={onIncrease}
        disabled={disabled || value >= max}
        aria-label={`Increase quantity of ${label}`}
      >
        <Plus className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
