import { useEffect, useId, useState } from "react";
import type { AddressFieldErrors, ShippingAddress } from "../../../core/address.ts";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { returnFocusTo } from "../../lib/return-focus.ts";
import { useAccountAction } from "../account/account-action.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../ui/dialog.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";
import { AddressForm } from "./address-form.tsx";
import {
  type AddressFormValue,
  addressFieldId,
  addressToForm,
  countryNameIn,
  emptyAddress,
  errorsAfterEdit,
  firstErrorField,
  validateAddress,
} from "./address-form-model.ts";

/** What the editor is open for: a new address, or one of the saved ones. */
export type EditorTarget = { kind: "add"; firstAddress: boolean } | { kind: "edit"; address: AddressView };

/**
 * The add and edit dialog. The form is checked with the server's rules before it is sent; a refusal the
 * server still answers (its `fields`) shows beside the fields the same way, any other failure above the
 * buttons (a toast would sit outside the modal dialog, out of reach). Closing gives focus back to the
 * control that opened it, or to `fallback` when that one is gone.
 */
export function AddressEditorDialog({
  target,
  onClose,
  shipTo,
  opener,
  fallback,
}: {
  target: EditorTarget | null;
  onClose: () => void;
  shipTo: readonly string[];
  opener: () => HTMLElement | null;
  fallback: () => HTMLElement | null;
}) {
  const idPrefix = useId();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        width="xl"
        // The form's first field, not the Close button before it, takes the focus.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById(addressFieldId(idPrefix, "country"))?.focus();
        }}
        onCloseAutoFocus={returnFocusTo(opener, fallback)}
      >
        {target ? <EditorForm target={target} onDone={onClose} shipTo={shipTo} idPrefix={idPrefix} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorForm({
  target,
  onDone,
  shipTo,
  idPrefix,
}: {
  target: EditorTarget;
  onDone: () => void;
  shipTo: readonly string[];
  idPrefix: string;
}) {
  const t = useT();
  const locale = useLocale();
  const later = useLaterT();
  const editing = target.kind === "edit" ? target.address : null;
  const [value, setValue] = useState<AddressFormValue>(() =>
    editing ? addressToForm(editing) : emptyAddress(shipTo),
  );
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  // The field to focus once its message is on the page (so it is read with the field).
  const [focusField, setFocusField] = useState<{ field: keyof ShippingAddress } | null>(null);
  useEffect(() => {
    if (focusField) document.getElementById(addressFieldId(idPrefix, focusField.field))?.focus();
  }, [focusField, idPrefix]);

  // The first address becomes the default anyway, and the default one already is.
  const offerDefault = target.kind === "add" ? !target.firstAddress : !target.address.isDefault;

  function showErrors(next: AddressFieldErrors) {
    setErrors(next);
    const field = firstErrorField(next);
    if (field) setFocusField({ field });
  }

  const save = useAccountAction((result) => {
    if (result.ok) {
      if (result.intent !== "address-save") return;
      const row = result.address;
      toast({
        title: later(editing ? "address.toast.updated" : "address.toast.saved"),
        description: row.isDefault
          ? later("address.toast.savedDefault", { name: row.fullName, line1: row.line1 })
          : `${row.fullName}, ${row.line1}`,
      });
      onDone();
      return;
    }
    const { code, fields } = result.error;
    if (code === "invalid_address" && fields && firstErrorField(fields)) return showErrors(fields);
    setFormError(result.error.message);
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (save.pending) return;
    setFormError(null);
    const check = validateAddress(value, shipTo, { t: later, locale });
    if (!check.ok) return showErrors(check.errors);
    setErrors({});
    void save.submit({
      intent: "address-save",
      id: editing?.id ?? null,
      address: check.address,
      makeDefault: offerDefault && makeDefault,
    });
  }

  const title = t(editing ? "address.editor.edit" : "address.editor.add");
  const countries = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    shipTo.map((code) => countryNameIn(locale, code)),
  );
  return (
    <form noValidate onSubmit={submit}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-muted">
            {t("address.editor.shipTo", { countries })}
          </DialogDescription>
        </div>
        <DialogCloseButton className="-mt-1 -mr-2 text-forest" />
      </div>
      <div className="mt-5">
        <AddressForm
          value={value}
          onChange={(next) => {
            setErrors((e) => errorsAfterEdit(e, value, next));
            setValue(next);
          }}
          errors={errors}
          shipTo={shipTo}
          idPrefix={idPrefix}
          legend={title}
        />
      </div>
      {offerDefault ? (
        <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
          <input
            type="checkbox"
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.target.checked)}
            className="size-5 accent-forest"
          />
          {t("address.editor.makeDefault")}
        </label>
      ) : null}
      {formError ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <DialogButtons>
        <DialogClose asChild>
          <Button variant="outline" size="md-wide">
            {t("address.editor.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" size="md-wide" pending={save.pending} pendingText={t("address.book.saving")}>
          {t("address.editor.save")}
        </Button>
      </DialogButtons>
    </form>
  );
}
