CREATE TABLE "price_history" (
	"item" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "price_history_item_currency_day_pk" PRIMARY KEY("item","currency","day")
);
--> statement-breakpoint
CREATE FUNCTION "record_price"(p_item text, p_currency text, p_amount integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "price_history" ("item", "currency", "day", "amount_cents")
	VALUES (p_item, p_currency, (now() AT TIME ZONE 'UTC')::date, p_amount)
	ON CONFLICT ("item", "currency", "day") DO UPDATE
	SET "amount_cents" = least("price_history"."amount_cents", excluded."amount_cents");
END $$;
--> statement-breakpoint
CREATE FUNCTION "products_record_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "record_price"('product:' || NEW."id", 'USD', NEW."price_cents");
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stacks_record_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "record_price"('stack:' || NEW."id", 'USD', NEW."bundle_price_cents");
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "price_list_entries_record_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."item" LIKE 'product:%' OR NEW."item" LIKE 'stack:%' THEN
		PERFORM "record_price"(NEW."item", NEW."currency", NEW."amount_cents");
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_price_history" AFTER INSERT OR UPDATE OF "price_cents" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "products_record_price"();
--> statement-breakpoint
CREATE TRIGGER "stacks_price_history" AFTER INSERT OR UPDATE OF "bundle_price_cents" ON "stacks"
	FOR EACH ROW EXECUTE FUNCTION "stacks_record_price"();
--> statement-breakpoint
CREATE TRIGGER "price_list_entries_price_history" AFTER INSERT OR UPDATE OF "amount_cents" ON "price_list_entries"
	FOR EACH ROW EXECUTE FUNCTION "price_list_entries_record_price"();
--> statement-breakpoint
INSERT INTO "price_history" ("item", "currency", "day", "amount_cents")
SELECT 'product:' || "id", 'USD', (now() AT TIME ZONE 'UTC')::date, "price_cents" FROM "products"
UNION ALL
SELECT 'stack:' || "id", 'USD', (now() AT TIME ZONE 'UTC')::date, "bundle_price_cents" FROM "stacks"
UNION ALL
SELECT "item", "currency", (now() AT TIME ZONE 'UTC')::date, "amount_cents" FROM "price_list_entries"
WHERE "item" LIKE 'product:%' OR "item" LIKE 'stack:%';
