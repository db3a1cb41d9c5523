/** How a product's reviews read on its card: kept apart from the reviews contract and its schema library. */

/** A product's card line: average and count of published reviews. */
export interface CardRating {
  average: number;
  count: number;
}

/** The average as people read it: one decimal, "4.0" not "4". */
export const formatAverage = (average: number) => average.toFixed(1);
