/** POST /api/newsletter's body: `{ email }`, with `consent: true` when the subscriber ticked the box. */
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
  // The form sends `consent: true` once its box is ticked, and the time is recorded; `{ email }` alone
  // subscribes too. An explicit `false` is a refusal, never a subscription.
  consent: z.literal(true, "Consent to receive e-mails is required").optional(),
});

/** POST /api/newsletter/confirm's body: the token of the link in the confirmation e-mail. */
export const newsletterConfirmBody = z.strictObject({
  token: z.string("The confirmation link is not valid").min(1, "The confirmation link is not valid").max(200),
});
