CREATE TABLE "discount_code_amounts" (
	"code_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer,
	"min_subtotal_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_amounts_code_id_currency_pk" PRIMARY KEY("code_id","currency"),
	CONSTRAINT "discount_code_amounts_currency" CHECK ("discount_code_amounts"."currency" in ('CAD', 'EUR', 'GBP')),
	CONSTRAINT "discount_code_amounts_positive" CHECK (("discount_code_amounts"."amount_cents" is null or "discount_code_amounts"."amount_cents" > 0) and ("discount_code_amounts"."min_subtotal_cents" is null or "discount_code_amounts"."min_subtotal_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "discount_code_amounts" ADD CONSTRAINT "discount_code_amounts_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;