export const FDA_DISCLAIMER =
  "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** The statement a US supplement shop shows near health claims (21 U.S.C. 343(r)(6)). */
export function FdaDisclaimer({ className = "" }: { className?: string }) {
  return <p className={`text-sm text-muted ${className}`}>* {FDA_DISCLAIMER}</p>;
}
