import { useT } from "../../i18n/i18n.tsx";

/** The statement a US supplement shop shows near health claims (21 U.S.C. 343(r)(6)), in the page's language. */
export function FdaDisclaimer({ className = "" }: { className?: string }) {
  const t = useT();
  return <p className={`text-sm text-muted ${className}`}>* {t("shell.fdaDisclaimer")}</p>;
}
