DROP INDEX "articles_search_fts";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_vector" ON "articles" USING gin ("search_vector");