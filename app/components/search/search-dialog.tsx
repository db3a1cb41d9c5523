import { useT } from "../../i18n/i18n.tsx";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog.tsx";
import { SearchCombobox } from "./search-combobox.tsx";

/**
 * The search box as a dialog over the page: opened from the header's Search control or Ctrl/Cmd+K.
 * Escape closes it and the focus goes back to the control that had it.
 */
export function SearchDialog({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: () => HTMLElement | null;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        placement="top"
        className="max-w-2xl"
        onOpenAutoFocus={(e) => {
          // The box, not the close button, takes the focus: typing starts at once.
          e.preventDefault();
          (e.currentTarget as HTMLElement).querySelector<HTMLElement>("[role=combobox]")?.focus();
        }}
        onCloseAutoFocus={returnFocusTo(opener)}
      >
        <div className="flex items-center justify-between px-5 pt-4">
          <DialogTitle className="text-xl">{t("search.dialog.title")}</DialogTitle>
          <DialogCloseButton label={t("search.dialog.close")} />
        </div>
        <DialogDescription className="sr-only">{t("search.dialog.description")}</DialogDescription>
        <SearchCombobox onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
