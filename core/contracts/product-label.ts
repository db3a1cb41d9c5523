/**
 * A product's label as a US supplement carries it (21 CFR 101.36): the Supplement Facts panel, other
 * ingredients and the allergen statement, then directions, storage, warnings and the shop's answers to
 * common questions. It lives in content/products.json beside the product and is checked on load.
 */
import { z } from "zod";

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
  })
  .refine((l) => !l.ingredients[0]?.sub, {
    message: "the first ingredient cannot be a part of another",
    path: ["ingredients", 0, "sub"],
  });

export type ProductLabel = z.infer<typeof productLabel>;
export type LabelIngredient = z.infer<typeof labelIngredient>;
