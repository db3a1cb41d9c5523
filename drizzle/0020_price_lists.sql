CREATE TABLE "price_list_entries" (
	"item" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_entries_item_currency_pk" PRIMARY KEY("item","currency"),
	CONSTRAINT "price_list_entries_amount" CHECK ("price_list_entries"."amount_cents" >= 0),
	CONSTRAINT "price_list_entries_currency" CHECK ("price_list_entries"."currency" in ('CAD', 'EUR', 'GBP'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;