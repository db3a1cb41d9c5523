CREATE TABLE "article_translations" (
	"article_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector(case locale when 'es' then 'spanish'::regconfig else 'french'::regconfig end, search_text)) STORED NOT NULL,
	CONSTRAINT "article_translations_locale" CHECK ("article_translations"."locale" in ('es', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"tagline" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector(case locale when 'es' then 'spanish'::regconfig else 'french'::regconfig end, search_text)) STORED NOT NULL,
	CONSTRAINT "product_translations_locale" CHECK ("product_translations"."locale" in ('es', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "article_translations" ADD CONSTRAINT "article_translations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_translations_article_locale" ON "article_translations" USING btree ("article_id","locale");--> statement-breakpoint
CREATE INDEX "article_translations_search_vector" ON "article_translations" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "product_translations_product_locale" ON "product_translations" USING btree ("product_id","locale");--> statement-breakpoint
CREATE INDEX "product_translations_search_vector" ON "product_translations" USING gin ("search_vector");