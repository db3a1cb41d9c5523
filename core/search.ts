/** The knowledge hub searches once the query has this many characters; shorter queries list articles. */
export const SEARCH_MIN_LENGTH = 3;
