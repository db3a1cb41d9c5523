import Brain from "lucide-react/icons/brain";
import Dumbbell from "lucide-react/icons/dumbbell";
import Moon from "lucide-react/icons/moon";
import Shield from "lucide-react/icons/shield";
import Zap from "lucide-react/icons/zap";
import { findOutcome } from "./outcomes.ts";

const icons = { brain: Brain, zap: Zap, shield: Shield, moon: Moon, dumbbell: Dumbbell };

/** An outcome chip: its icon and colours (spec point 3, targetOutcomes). */
export function OutcomeChip({ outcome }: { outcome: string }) {
  const o = findOutcome(outcome);
  if (!o) return null;
  const Icon = icons[o.icon];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${o.bg} ${o.text}`}
    >
      <Icon className="size-4" aria-hidden />
      {o.label}
    </span>
  );
}

export function OutcomeIcon({ icon, className }: { icon: keyof typeof icons; className?: string }) {
  const Icon = icons[icon];
  return <Icon className={className} aria-hidden />;
}
