ALTER TABLE "subscriptions" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
-- Subscriptions bought before this column: their order's provider says who bills them.
UPDATE "subscriptions" SET "provider" = "orders"."provider" FROM "orders" WHERE "orders"."id" = "subscriptions"."order_id";
