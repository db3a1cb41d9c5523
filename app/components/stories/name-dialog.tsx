import Moon from "lucide-react/icons/moon";
import { useId, useState } from "react";
import { acceptChildName } from "../../../core/story.ts";
import { useT } from "../../i18n/i18n.tsx";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";

/**
 * Asks for the child's name on the story page. Enter submits; only a name that is non-empty after
 * trimming is accepted, with no message otherwise. Skipping (or Escape) closes without a name.
 */
export function NameDialog({
  open,
  initialName,
  onName,
  onSkip,
  opener,
}: {
  /** The control that asked for the name (Change Name), where focus returns; none when the page asked. */
  opener: () => HTMLElement | null;
  open: boolean;
  initialName: string;
  onName: (name: string) => void;
  onSkip: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const [value, setValue] = useState(initialName);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setValue(initialName);
        else onSkip();
      }}
    >
      <DialogContent
        width="md"
        padding="roomy"
        onOpenAutoFocus={() => setValue(initialName)}
        onCloseAutoFocus={returnFocusTo(opener)}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const name = acceptChildName(value);
            if (name) onName(name);
          }}
        >
          <Moon className="mx-auto size-10 text-restore" aria-hidden />
          <DialogTitle asChild>
            <label htmlFor={inputId} className="mt-2 block text-center font-display text-2xl text-forest">
              {t("story.name.title")}
            </label>
          </DialogTitle>
          <DialogDescription className="mt-2 text-center text-muted">
            {t("story.name.description")}
          </DialogDescription>
          <input
            id={inputId}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            className="mt-6 h-12 w-full rounded-xl border border-sand-deep bg-white px-4 text-lg text-ink"
          />
          <DialogButtons>
            <Button variant="ghost" size="md-wide" className="text-forest" onClick={onSkip}>
              {t("story.name.skip")}
            </Button>
            <Button type="submit" size="md-wide">
              {t("story.name.submit")}
            </Button>
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
