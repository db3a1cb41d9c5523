/** POST /api/newsletter's body. */
import { z } from "zod";
import { isPlaceholderEmail } from "../placeholder-email.ts";

export const newsletterBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email("Enter a valid e-mail address"))
    // A reserved `.invalid` address (such as a phone account's placeholder) can never receive the letter.
    .refine((email) => !isPlaceholderEmail(email), "Enter a valid e-mail address"),
  consent: z.literal(true, "Consent to receive e-mails is required"),
});
