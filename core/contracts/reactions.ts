/** Reports of reactions to a product: what the public form sends and what the dashboard reads and writes. */
import { z } from "zod";
import { isPlaceholderEmail } from "../placeholder-email.ts";
import {
  OWNER_NOTE_MAX,
  REACTION_DESCRIPTION,
  REACTION_NAME_MAX,
  REACTION_STATUSES,
  type ReactionStatus,
} from "../reaction-report.ts";

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} is text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /api/reactions. */
export const reactionReportBody = z.strictObject({
  productId: z
    .number({ error: "productId is required: choose the product" })
    .int("productId must be a product's id")
    .positive("productId must be a product's id"),
  orderNumber: optionalText(40, "orderNumber"),
  description: z
    .string({ error: "description is required: say what happened" })
    .trim()
    .min(REACTION_DESCRIPTION.min, `description must be at least ${REACTION_DESCRIPTION.min} characters`)
    .max(REACTION_DESCRIPTION.max, `description must be at most ${REACTION_DESCRIPTION.max} characters`),
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(REACTION_NAME_MAX, `name must be at most ${REACTION_NAME_MAX} characters`),
  email: z
    .string({ error: "email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("email must be a valid e-mail address"))
    .refine((e) => !isPlaceholderEmail(e), "email must be a valid e-mail address"),
  phone: optionalText(30, "phone").refine(
    (p) => p === undefined || /^\+?[0-9 ().-]{7,30}$/.test(p),
    "phone must be a phone number (digits, spaces, + ( ) - .)",
  ),
  consent: z.literal(true, { error: "consent must be true: the report is kept as the form says" }),
});
export type ReactionReportInput = z.infer<typeof reactionReportBody>;

export interface ReactionReportView {
  id: string;
  productId: number | null;
  productName: string | null;
  orderNumber: string | null;
  /** Whether the report came from a signed-in account (the account may be deleted since: null). */
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  description: string;
  status: ReactionStatus;
  ownerNote: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReactionReportsResponse {
  reports: ReactionReportView[];
  total: number;
  page: number;
  pages: number;
}

export const reactionReportsQuery = z.strictObject({
  page: z.coerce.number({ error: "page is a whole number from 1" }).int().min(1).max(10_000).default(1),
  status: z.enum(REACTION_STATUSES, { error: "status is new, in_review or closed" }).optional(),
});
export type ReactionReportsQuery = z.infer<typeof reactionReportsQuery>;

/** PATCH /api/admin/reactions/:id: the status, the owner's note, or both. */
export const reactionReportChangeBody = z
  .strictObject({
    status: z.enum(REACTION_STATUSES, { error: "status is new, in_review or closed" }).optional(),
    ownerNote: z
      .string({ error: "ownerNote is text" })
      .trim()
      .max(OWNER_NOTE_MAX, `ownerNote must be at most ${OWNER_NOTE_MAX} characters`)
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.ownerNote !== undefined, {
    message: "send status, ownerNote or both",
  });
export type ReactionReportChange = z.infer<typeof reactionReportChangeBody>;
