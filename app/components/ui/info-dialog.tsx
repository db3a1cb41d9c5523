import { cloneElement, lazy, type ReactElement, type ReactNode, Suspense, useState } from "react";

const load = () => import("./info-dialog-loaded.tsx");
const InfoDialogLoaded = lazy(() => load().then((m) => ({ default: m.InfoDialogLoaded })));

type Trigger = ReactElement<{
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
}>;

/**
 * An accessible alert popup: the footer's links to pages the shop does not have only open one. The trigger is a plain
 * button until it is first used (its Radix code is loaded on hover, focus or click, not with the page).
 */
export function InfoDialog({
  trigger,
  title,
  children,
  initiallyOpen = false,
}: {
  trigger: Trigger;
  title: string;
  /** Open from the start: the popup answers something the visitor just did (Listen without a voice). */
  initiallyOpen?: boolean;
  /** The popup's text; a confirmation may be its title alone. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [wanted, setWanted] = useState(initiallyOpen);
  const plain = cloneElement(trigger, {
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    "aria-haspopup": "dialog",
    "aria-expanded": open,
  });
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <InfoDialogLoaded trigger={trigger} title={title} open={open} onOpenChange={setOpen}>
        {children}
      </InfoDialogLoaded>
    </Suspense>
  );
}
