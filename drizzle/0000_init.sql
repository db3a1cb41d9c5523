CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"subscription_discount" integer,
	"benefits" jsonb NOT NULL,
	"category" text NOT NULL,
	"package_size" text NOT NULL,
	"image_url" text NOT NULL,
	"accent" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
