import X from "lucide-react/icons/x";
import { Dialog } from "radix-ui";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { Button } from "../ui/button.tsx";
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onOpenAutoFocus={(e) => {
            // The box, not the close button, takes the focus: typing starts at once.
            e.preventDefault();
            (e.currentTarget as HTMLElement).querySelector<HTMLElement>("[role=combobox]")?.focus();
          }}
          onCloseAutoFocus={returnFocusTo(opener)}
          className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-[85vh] w-full max-w-2xl flex-col overflow-hidden bg-cream shadow-xl sm:top-[8vh] sm:rounded-2xl"
        >
          <div className="flex items-center justify-between px-5 pt-4">
            <Dialog.Title className="text-xl">Search MANA</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close search">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Products, articles and stories that match what you type.
          </Dialog.Description>
          <SearchCombobox onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
