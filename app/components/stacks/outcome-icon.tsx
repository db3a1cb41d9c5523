import Brain from "lucide-react/icons/brain";
import Dumbbell from "lucide-react/icons/dumbbell";
import Moon from "lucide-react/icons/moon";
import Shield from "lucide-react/icons/shield";
import Zap from "lucide-react/icons/zap";
import { findOutcome, type OutcomeId } from "../../../core/outcomes.ts";
import { useT } from "../../i18n/i18n.tsx";

/** How each outcome looks: its icon and colours, and its label's message key. */
const outcomeStyles: Record<OutcomeId, { Icon: typeof Brain; text: string; bg: string; label: string }> = {
  "enhanced-focus": {
    Icon: Brain,
    text: "text-verdant",
    bg: "bg-verdant/10",
    label: "stacks.outcome.enhancedFocus",
  },
  "all-day-energy": {
    Icon: Zap,
    text: "text-ginseng",
    bg: "bg-ginseng/10",
    label: "stacks.outcome.allDayEnergy",
  },
  "stress-resilience": {
    Icon: Shield,
    text: "text-ashwagandha",
    bg: "bg-ashwagandha/10",
    label: "stacks.outcome.stressResilience",
  },
  "deep-sleep": { Icon: Moon, text: "text-restore", bg: "bg-restore/10", label: "stacks.outcome.deepSleep" },
  "muscle-recovery": {
    Icon: Dumbbell,
    text: "text-forest",
    bg: "bg-forest/10",
    label: "stacks.outcome.muscleRecovery",
  },
};

/** An outcome's label in the page's language. */
export function useOutcomeLabel(): (outcome: OutcomeId) => string {
  const t = useT();
  return (outcome) => t(outcomeStyles[outcome].label);
}

/** An outcome chip: its icon, colours and label. */
export function OutcomeChip({ outcome }: { outcome: string }) {
  const o = findOutcome(outcome);
  const label = useOutcomeLabel();
  if (!o) return null;
  const { Icon, bg, text } = outcomeStyles[o.id];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${bg} ${text}`}
    >
      <Icon className="size-4" aria-hidden />
      {label(o.id)}
    </span>
  );
}

export function OutcomeIcon({ outcome, className }: { outcome: OutcomeId; className?: string }) {
  const { Icon } = outcomeStyles[outcome];
  return <Icon className={className} aria-hidden />;
}
