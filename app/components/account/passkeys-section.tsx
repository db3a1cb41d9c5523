import KeyRound from "lucide-react/icons/key-round";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { PASSKEY_NAME_MAX } from "../../../core/contracts/account-security.ts";
import type { PasskeyView } from "../../../core/contracts/passkeys.ts";
import { formatDate } from "../../../core/format-date.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { deviceOf, passkeyAuthClient, passkeysSupported } from "../../lib/auth-client-passkey.ts";
import { returnFocusTo } from "../../lib/return-focus.ts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";
import { Field, inputClass } from "../ui/field.tsx";

/** The most characters a passkey's name keeps (the server refuses more: server/auth/auth.ts). */
const NAME_MAX = PASSKEY_NAME_MAX;

/** A refusal of Better Auth's passkey client, worded in the page's language by its code. */
function addFailure(error: { code?: string; status?: number }): string {
  if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "passkey.error.already";
  if (error.code === "SESSION_NOT_FRESH") return "passkey.error.notFresh";
  if (error.status === 429) return "passkey.error.tooMany";
  if (error.code?.startsWith("ERROR_") || error.code === "AUTH_CANCELLED") return "passkey.error.cancelled";
  return "passkey.error.generic";
}

/**
 * The account's Passkeys card (docs/decisions/052-passkeys.md): the customer's passkeys with the day each was
 * added, Add a passkey (named first, "Chrome on Linux" by default), Rename (in place: Save, Cancel or
 * Escape, the focus back on Rename) and Remove, confirmed. The list comes from the page's loader; adding,
 * renaming and removing go through Better Auth's passkey routes, then the page is read again.
 */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyView[] }) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [supported, setSupported] = useState(true);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The passkey just removed: its Remove button, the dialog's opener, is on its way out of the list.
  const removed = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  // The passkey whose name is being edited in place.
  const [renaming, setRenaming] = useState<string | null>(null);
  // The passkey whose Rename button takes the focus once the row is drawn without its field again: after
  // the commit, not on the next frame, which on a busy machine can come before it.
  const refocusRename = useRef<string | null>(null);
  useEffect(() => setSupported(passkeysSupported()), []);
  useEffect(() => {
    if (renaming !== null || refocusRename.current === null) return;
    document.getElementById(`passkey-rename-${refocusRename.current}`)?.focus();
    refocusRename.current = null;
  }, [renaming]);

  return (
    <section aria-labelledby="passkeys" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="passkeys" className="flex items-center gap-2 text-xl">
        <KeyRound className="size-5 text-gold" aria-hidden /> {t("passkey.title")}
      </h2>
      <p className="mt-2 text-sm text-muted">{t("passkey.intro")}</p>
      {passkeys.length > 0 ? (
        <ul className="mt-4 grid gap-3" aria-label={t("passkey.list.label")}>
          {passkeys.map((p) => {
            const name = p.name || t("passkey.unnamed");
            if (renaming === p.id)
              return (
                <li key={p.id} className="rounded-xl border border-sand-deep p-4">
                  <RenamePasskey
                    passkey={p}
                    onDone={async (renamed) => {
                      if (renamed) await revalidator.revalidate().catch(() => undefined);
                      refocusRename.current = p.id;
                      setRenaming(null);
                    }}
                  />
                </li>
              );
            return (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sand-deep p-4"
              >
                <div>
                  <p className="font-semibold text-ink">{name}</p>
                  <p className="text-sm text-muted">
                    {t("passkey.added", { date: formatDate(p.createdAt, locale) })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    id={`passkey-rename-${p.id}`}
                    variant="outline"
                    size="sm-wide"
                    aria-label={t("passkey.rename.label", { name })}
                    onClick={() => setRenaming(p.id)}
                  >
                    <Pencil className="size-4" aria-hidden /> {t("passkey.rename")}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm-wide"
                    aria-label={t("passkey.remove.label", { name })}
                    onClick={(e) => {
                      opener.current = e.currentTarget;
                      removed.current = null;
                      setRemoving(p);
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden /> {t("passkey.remove")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">{t("passkey.none")}</p>
      )}
      <div className="mt-4">
        {supported ? (
          <AddPasskey buttonRef={addButton} onAdded={() => void revalidator.revalidate()} />
        ) : (
          <p className="text-sm text-muted">{t("passkey.unsupported")}</p>
        )}
      </div>
      <RemovePasskeyDialog
        passkey={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(id) => {
          removed.current = id;
          return revalidator.revalidate();
        }}
        opener={() => (removed.current ? null : opener.current)}
        fallback={() => addButton.current}
      />
    </section>
  );
}

/** A passkey's name edited in place: the field, Save and Cancel (Escape cancels too). */
function RenamePasskey({
  passkey,
  onDone,
}: {
  passkey: PasskeyView;
  onDone: (renamed: boolean) => Promise<void>;
}) {
  const t = useT();
  const later = useLaterT(["passkey.toast.renamed"]);
  const [name, setName] = useState(passkey.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = `passkey-name-${passkey.id}`;
  const errorId = `${fieldId}-error`;

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const label = name.trim();
    if (!label) {
      setError(later("passkey.error.name"));
      document.getElementById(fieldId)?.focus();
      return;
    }
    if (label === passkey.name) {
      await onDone(false);
      return;
    }
    setPending(true);
    setError(null);
    const { error: refused } = await passkeyAuthClient.$fetch("/passkey/update-passkey", {
      method: "POST",
      body: { id: passkey.id, name: label.slice(0, NAME_MAX) },
    });
    if (refused) {
      setPending(false);
      setError(
        later(
          refused.status === 429
            ? "passkey.error.tooMany"
            : refused.status === 400
              ? "passkey.error.nameLength"
              : "passkey.error.generic",
          { max: NAME_MAX },
        ),
      );
      document.getElementById(fieldId)?.focus();
      return;
    }
    toast({ title: later("passkey.toast.renamed"), description: label });
    await onDone(true);
  }

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(e) => void save(e)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !pending) {
          e.preventDefault();
          void onDone(false);
        }
      }}
    >
      <Field id={fieldId} label={t("passkey.rename.name")}>
        <input
          id={fieldId}
          value={name}
          maxLength={NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the field replaces the Rename button the customer just pressed
          autoFocus
          className={inputClass}
        />
      </Field>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm-wide" pending={pending} pendingText={t("passkey.rename.saving")}>
          {t("passkey.rename.save")}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm-wide"
          disabled={pending}
          onClick={() => void onDone(false)}
        >
          {t("passkey.rename.cancel")}
        </Button>
      </div>
    </form>
  );
}

function AddPasskey({
  buttonRef,
  onAdded,
}: {
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  onAdded: () => void;
}) {
  const t = useT();
  const later = useLaterT(["passkey.toast.added"]);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const [pending, setPending] = useState(false);

  function opened(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) return;
    setError(null);
    setNameMissing(false);
    const { browser, system } = deviceOf(navigator.userAgent);
    setName(
      browser && system
        ? t("passkey.add.defaultName", { browser, system })
        : (browser ?? system ?? t("passkey.add.fallbackName")),
    );
  }

  async function create(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const label = name.trim().slice(0, NAME_MAX);
    setNameMissing(!label);
    if (!label) {
      setError(later("passkey.error.name"));
      document.getElementById("passkey-name")?.focus();
      return;
    }
    setPending(true);
    setError(null);
    const result = await passkeyAuthClient.passkey.addPasskey({ name: label });
    setPending(false);
    if (result?.error) {
      setError(later(addFailure(result.error)));
      return;
    }
    toast({ title: later("passkey.toast.added"), description: label });
    setOpen(false);
    onAdded();
  }

  return (
    <Dialog open={open} onOpenChange={opened}>
      <DialogTrigger asChild>
        <Button ref={buttonRef} variant="secondary" size="sm-wide">
          <Plus className="size-4" aria-hidden /> {t("passkey.add")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("passkey.add.title")}</DialogTitle>
        <DialogDescription>{t("passkey.add.intro")}</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={(e) => void create(e)} noValidate>
          <Field id="passkey-name" label={t("passkey.add.name")} hint={t("passkey.add.nameHint")}>
            <input
              id="passkey-name"
              value={name}
              maxLength={NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              aria-describedby="passkey-name-hint"
              aria-invalid={nameMissing || undefined}
              autoComplete="off"
              className={inputClass}
            />
          </Field>
          {error ? (
            <p role="alert" className="rounded-xl border border-danger p-3 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <DialogButtons>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="md-wide" disabled={pending}>
                {t("passkey.add.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" size="md-wide" pending={pending} pendingText={t("passkey.add.creating")}>
              {t("passkey.add.create")}
            </Button>
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
  opener,
  fallback,
}: {
  passkey: PasskeyView | null;
  onClose: () => void;
  onRemoved: (id: string) => Promise<void>;
  opener: () => HTMLElement | null;
  fallback: () => HTMLElement | null;
}) {
  const t = useT();
  const later = useLaterT(["passkey.toast.removed"]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The passkey's name stays in the dialog while it closes.
  const [shown, setShown] = useState<PasskeyView | null>(passkey);
  if (passkey && passkey !== shown) setShown(passkey);
  const name = shown?.name || t("passkey.unnamed");

  async function confirm() {
    if (!passkey || pending) return;
    setPending(true);
    setError(null);
    const { error: refused } = await passkeyAuthClient.$fetch("/passkey/delete-passkey", {
      method: "POST",
      body: { id: passkey.id },
    });
    // Already gone (removed in another tab) counts as removed.
    if (refused && refused.status !== 404) {
      setPending(false);
      setError(later(refused.status === 429 ? "passkey.error.tooMany" : "passkey.error.generic"));
      return;
    }
    // The page is read again before the dialog closes; the passkey's Remove button goes with it, so the
    // focus goes to Add a passkey.
    await onRemoved(passkey.id).catch(() => undefined);
    setPending(false);
    toast({ title: later("passkey.toast.removed"), description: name });
    onClose();
  }

  return (
    <AlertDialog
      open={passkey !== null}
      onOpenChange={(open) => {
        if (!open && !pending) {
          setError(null);
          onClose();
        }
      }}
    >
      <AlertDialogContent onCloseAutoFocus={returnFocusTo(opener, fallback)}>
        <AlertDialogTitle>{t("passkey.remove.title", { name })}</AlertDialogTitle>
        <AlertDialogDescription>{t("passkey.remove.text")}</AlertDialogDescription>
        {error ? (
          <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <DialogButtons>
          <AlertDialogCancel asChild>
            <Button variant="outline" size="md-wide">
              {t("passkey.remove.keep")}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="destructive"
            size="md-wide"
            className="border border-danger"
            pending={pending}
            pendingText={t("passkey.remove.removing")}
            onClick={() => void confirm()}
          >
            {t("passkey.remove.confirm")}
          </Button>
        </DialogButtons>
      </AlertDialogContent>
    </AlertDialog>
  );
}
