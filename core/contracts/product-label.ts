/**
 * A product's label as a US supplement carries it (21 CFR 101.36): the Supplement Facts panel, other
 * ingredients and the allergen statement, then directions, storage, warnings and the shop's answers to
 * common questions. It lives in content/products.json beside the product and is checked on load.
 */
import { z } from "zod";
import { US_STATES } from "../address.ts";
import { PROP65_TYPES } from "../prop65.ts";

const text = z.string().trim().min(1);

/** One line of the panel. `dailyValue` is a percentage, or null where no Daily Value is established (†). */
export const labelIngredient = z.object({
  name: text,
  amount: z.string().regex(/^\d[\d.,]*\s?(mg|mcg|g|IU)$/, "an amount such as 200 mg"),
  dailyValue: z.number().int().min(1).max(1000).nullable(),
  /** A part of the line above (e.g. the ginsenosides of a ginseng extract): shown indented. */
  sub: z.boolean().optional(),
});

export const productFaq = z.object({ question: text, answer: text });

/**
 * Who the label names as manufacturer or distributor, with a US address and phone where a buyer reports a
 * serious adverse event (21 U.S.C. §343(y), 21 CFR 101.93). One shop-wide entry in content/distributors.json
 * that every label names by its key.
 */
export const labelDistributor = z.object({
  /** "Distributed by" or "Manufactured for", as the label says it. */
  role: z.enum(["Distributed by", "Manufactured for"]),
  name: text,
  streetAddress: text,
  city: text,
  state: z.string().refine((s) => s in US_STATES, "a US state's two-letter code"),
  postalCode: z.string().regex(/^\d{5}(-\d{4})?$/, "a US ZIP code"),
  /** A US number, written as the label prints it: (503) 555-0142. */
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, "a US phone number such as (503) 555-0142"),
});
export type LabelDistributor = z.infer<typeof labelDistributor>;

/** A California Proposition 65 warning the product needs (core/prop65.ts words it). */
export const prop65Label = z.strictObject({
  type: z.enum(PROP65_TYPES),
  chemical: text.max(120),
  reproductiveChemical: text.max(120).optional(),
});

export const productLabel = z
  .object({
    servingSize: text,
    servingsPerContainer: z.number().int().positive(),
    ingredients: z.array(labelIngredient).min(1),
    otherIngredients: text,
    allergenStatement: text,
    suggestedUse: text,
    storage: text,
    warnings: text,
    faqs: z.array(productFaq).min(4).max(6),
    /** The key of the label's distributor in content/distributors.json. */
    distributor: z.string().regex(/^[a-z0-9-]+$/, "a key of content/distributors.json"),
    /** Set only for a product that needs a Proposition 65 warning. */
    prop65: prop65Label.optional(),
  })
  .refine((l) => !l.ingredients[0]?.sub, {
    message: "the first ingredient cannot be a part of another",
    path: ["ingredients", 0, "sub"],
  });

export type ProductLabel = z.infer<typeof productLabel>;
export type LabelIngredient = z.infer<typeof labelIngredient>;

/** A label as the page shows it: its distributor's details looked up. */
export type ProductLabelView = ProductLabel & { distributedBy: LabelDistributor };
