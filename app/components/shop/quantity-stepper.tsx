import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import { useT } from "../../i18n/i18n.tsx";
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
  const t = useT();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a fieldset of inputs
    <div
      className="inline-flex items-center rounded-full border border-sand-deep bg-white"
      role="group"
      aria-label={t("shop.quantity.label", { name: label })}
    >
      <Button
        variant="ghost"
        size="icon"
        className="text-forest"
        onClick={onDecrease}
        disabled={disabled}
        aria-label={t("shop.quantity.decrease", { name: label })}
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
        aria-label={t("shop.quantity.increase", { name: label })}
      >
        <Plus className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
