/** How a product's reviews read on its card: kept apart from the reviews contract and its schema library. */

/** A product's card line: average and count of published reviews. */
export interface CardRating {
  average: number;
  count: number;
}

/** The average as people read it, in their language: one decimal, "4.0" not "4" ("4,0" in French). */
export const formatAverage = (average: number, locale = "en") =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
