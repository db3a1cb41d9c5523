import type { ReactNode } from "react";

/**
 * The buttons at a dialog's foot (Dialog and AlertDialog alike): the safe choice first in reading order,
 * the confirming one last. Stacked on a phone with the confirming one on top, in a row to the right from sm.
 */
export function DialogButtons({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}
