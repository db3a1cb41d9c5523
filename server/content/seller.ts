import { z } from "zod";
import seller from "../../content/seller.json" with { type: "json" };
import type { SellerDetails } from "../../core/contracts/invoice.ts";

const COUNTRY = z.string().regex(/^[A-Z]{2}$/, "a two-letter country code in capitals, such as US");

/** content/seller.json: the seller's details every invoice prints (UK and EU invoices must name them). */
export const sellerFile = z
  .object({
    legalName: z.string().trim().min(1, "the seller's legal name").max(200),
    addressLines: z.array(z.string().trim().min(1).max(200)).min(1, "at least one address line").max(6),
    country: COUNTRY,
    email: z.email("the seller's e-mail address"),
    taxRegistrations: z
      .array(
        z
          .object({
            scheme: z.enum(["vat", "ioss", "gstHst", "qst", "pst", "usSalesTax"]),
            region: z
              .string()
              .regex(/^[A-Z]{2}$/, "a two-letter state or province code")
              .optional(),
            number: z.string().trim().min(1, "the registration's number").max(60),
          })
          .strict(),
      )
      .max(12),
  })
  .strict();

/** The seller's details from `file`, or an error that names each field of it that is wrong. */
export function parseSeller(file: unknown): SellerDetails {
  const parsed = sellerFile.safeParse(file);
  if (parsed.success) return parsed.data;
  const faults = parsed.error.issues.map((i) => `${i.path.join(".") || "file"}: ${i.message}`);
  throw new Error(`content/seller.json is not valid: ${faults.join("; ")}`);
}

let shipped: SellerDetails | undefined;

/** The seller's details shipped with the shop (content/seller.json), checked once on first use. */
export function sellerDetails(): SellerDetails {
  shipped ??= parseSeller(seller);
  return shipped;
}
