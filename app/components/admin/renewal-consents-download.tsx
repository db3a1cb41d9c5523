import Download from "lucide-react/icons/download";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

/**
 * The download of every consent to automatic renewal given at checkout (decision 042), optionally between two
 * days: a plain GET form to /api/admin/renewal-consents.csv, so the browser saves the file and stays here.
 */
export function RenewalConsentsDownload() {
  return (
    <section
      aria-labelledby="consents-download"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="consents-download" className="text-xl">
        Renewal consents
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted">
        Every customer's agreement to automatic renewal at checkout: when, the terms exactly as shown, their
        version and hash, the address and browser it came from. Leave the days empty for all of them.
      </p>
      <form
        method="get"
        action="/api/admin/renewal-consents.csv"
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <Field id="consents-from" label="Given from (day)">
          <input id="consents-from" name="from" type="date" className={inputClass} />
        </Field>
        <Field id="consents-to" label="Given until (day)">
          <input id="consents-to" name="to" type="date" className={inputClass} />
        </Field>
        <Button type="submit" size="md" variant="secondary">
          <Download aria-hidden className="size-4" />
          Download renewal consents (CSV)
        </Button>
      </form>
    </section>
  );
}
