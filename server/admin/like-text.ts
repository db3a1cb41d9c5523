/** Text the owner typed into a dashboard search, for ILIKE: `%` and `_` are letters, not patterns. */
export const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
