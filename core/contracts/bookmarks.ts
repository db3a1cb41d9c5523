/** The reading list's wire contract: GET /api/bookmarks, PUT and DELETE /api/bookmarks/:articleId. */

/** An article on the reading list, as the account page lists it. */
export interface BookmarkView {
  articleId: number;
  slug: string;
  title: string;
  excerpt: string;
  readingTime: number;
  /** Where the article is read: /story/{slug} for a children's story, /knowledge/{slug} otherwise. */
  href: string;
  savedAt: string;
}

/**
 * GET /api/bookmarks. A guest gets `signedIn: false` and an empty list (not a 401): every article page asks,
 * and a guest's page should not log a failed request.
 */
export interface ReadingList {
  signedIn: boolean;
  bookmarks: BookmarkView[];
}
