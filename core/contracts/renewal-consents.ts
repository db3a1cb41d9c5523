/** The dashboard's view of the consents to automatic renewal given at checkout (decision 042). */
import { z } from "zod";

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD.")
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
  }, "That date does not exist.");

/**
 * GET /api/admin/renewal-consents.csv?from=&to=: consents given from the start of `from` to the end of `to`
 * (UTC days, each optional; empty means no bound).
 */
export const renewalConsentsQuery = z
  .object({
    from: z
      .union([z.literal(""), day])
      .optional()
      .default(""),
    to: z
      .union([z.literal(""), day])
      .optional()
      .default(""),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "'from' must not be after 'to'.",
    path: ["to"],
  });
export type RenewalConsentsQuery = z.infer<typeof renewalConsentsQuery>;

/** A subscription's consent as its dashboard page shows it: the order's consent the subscription came from. */
export interface AdminRenewalConsent {
  consentedAt: string;
  termsVersion: string;
  /** The disclosure exactly as it was shown beside the pay button. */
  disclosure: string;
  /** SHA-256 (hex) of the disclosure. */
  disclosureHash: string;
  ipAddress: string | null;
  userAgent: string | null;
  email: string;
}
