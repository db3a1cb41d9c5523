import Plus from "lucide-react/icons/plus";
import { useRef, useState } from "react";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useAccountAction } from "../account/account-action.ts";
import { Button } from "../ui/button.tsx";
import { AddressCard } from "./address-card.tsx";
import type { AddressBook } from "./address-data.ts";
import { AddressEditorDialog, type EditorTarget } from "./address-editor-dialog.tsx";
import { DeleteAddressDialog } from "./delete-address-dialog.tsx";

/**
 * The account's address book: the saved addresses with the default marked, and Add, Edit, Make default
 * and Delete (after a confirmation). Focus stays on something sensible after each action: a dialog gives
 * it back to its opener, a deleted address's Delete button hands it to Add address, and Make default
 * (which goes away once the address is the default) hands it to that address's Edit. The book is the
 * account page's loader data, read again after each change.
 */
export function AddressBookSection({ book }: { book: AddressBook }) {
  const t = useT();
  const later = useLaterT();
  const [settingDefault, setSettingDefault] = useState<AddressView | null>(null);
  const makeDefault = useAccountAction((result) => {
    const address = settingDefault;
    setSettingDefault(null);
    if (result.ok) {
      if (result.intent !== "address-default" || !address) return;
      editButtons.current.get(address.id)?.focus();
      toast({
        title: later("address.toast.defaultUpdated"),
        description: later("address.toast.defaultUpdatedText", {
          name: address.fullName,
          line1: address.line1,
        }),
      });
      return;
    }
    toast({
      title: later("address.toast.defaultFailed"),
      description: result.error.message,
      variant: "destructive",
    });
  });
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<AddressView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const addresses = book.addresses;

  function open<T>(set: (v: T) => void, value: T) {
    return (e: React.MouseEvent<HTMLElement>) => {
      opener.current = e.currentTarget;
      set(value);
    };
  }

  function setDefault(address: AddressView) {
    if (makeDefault.pending) return;
    setSettingDefault(address);
    void makeDefault.submit({ intent: "address-default", id: address.id });
  }

  let body: React.ReactNode;
  if (addresses.length === 0) {
    body = (
      <div className="rounded-card bg-white p-8 text-center shadow-card">
        <p className="text-muted">{t("address.book.empty")}</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label={t("address.book.heading")} className="grid gap-4 sm:grid-cols-2">
        {addresses.map((a) => {
          const summary = `${a.fullName}, ${a.line1}`;
          const settingThis = makeDefault.pending && settingDefault?.id === a.id;
          return (
            <li key={a.id}>
              <AddressCard address={a} isDefault={a.isDefault}>
                <Button
                  variant="outline"
                  size="sm"
                  ref={(el) => {
                    if (el) editButtons.current.set(a.id, el);
                    else editButtons.current.delete(a.id);
                  }}
                  onClick={open(setEditor, { kind: "edit", address: a })}
                >
                  {t("address.book.edit")}
                  <span className="sr-only"> {summary}</span>
                </Button>
                {a.isDefault ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    pending={settingThis}
                    pendingText={t("address.book.saving")}
                    disabled={makeDefault.pending && !settingThis}
                    onClick={() => setDefault(a)}
                  >
                    {t("address.book.makeDefault")}
                    <span className="sr-only"> {summary}</span>
                  </Button>
                )}
                <Button variant="destructive" size="sm" onClick={open(setDeleting, a)}>
                  {t("address.book.delete")}
                  <span className="sr-only"> {summary}</span>
                </Button>
              </AddressCard>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="address-book-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="address-book-title" className="text-2xl">
          {t("address.book.heading")}
        </h2>
        <Button
          ref={addButton}
          size="sm-wide"
          onClick={open(setEditor, { kind: "add", firstAddress: addresses.length === 0 })}
        >
          <Plus className="size-4" aria-hidden /> {t("address.book.add")}
        </Button>
      </div>
      {body}
      <AddressEditorDialog
        target={editor}
        onClose={() => setEditor(null)}
        shipTo={book.shipTo}
        opener={() => opener.current}
        fallback={() => addButton.current}
      />
      <DeleteAddressDialog
        address={deleting}
        onClose={() => setDeleting(null)}
        opener={() => opener.current}
        fallback={() => addButton.current}
      />
    </section>
  );
}
