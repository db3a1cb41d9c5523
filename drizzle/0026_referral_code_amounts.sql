-- Customers' referral codes made before they had amounts in the other currencies get the offer's
-- (server/promotions/referrals.ts REFERRAL_IN, decision 051): CA$15 off CA$55, €10 off €40, £8 off £35.
INSERT INTO "discount_code_amounts" ("code_id", "currency", "amount_cents", "min_subtotal_cents")
SELECT "discount_codes"."id", "offer"."currency", "offer"."amount_cents", "offer"."min_subtotal_cents"
FROM "discount_codes"
CROSS JOIN (VALUES ('CAD', 1500, 5500), ('EUR', 1000, 4000), ('GBP', 800, 3500))
  AS "offer" ("currency", "amount_cents", "min_subtotal_cents")
WHERE "discount_codes"."referrer_user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
