-- Products seeded before search_text existed get the text the seed now writes (server/db/content-schemas.ts
-- productSearchTextOf): name, tagline, description, benefits and category, one per line.
UPDATE "products" SET "search_text" = concat_ws(E'\n', "name", "tagline", "description",
  (SELECT string_agg(b, E'\n') FROM jsonb_array_elements_text("benefits") AS b), "category")
WHERE "search_text" = '';
