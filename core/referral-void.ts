/** Why a referral was voided (`referrals.void_reason`, docs/decisions/047-gift-cards-credit-and-points.md). */
export type ReferralVoidReason = "cancelled" | "refunded" | "own_card";

const BY_REASON: Record<ReferralVoidReason, { referrer: string; owner: string }> = {
  cancelled: { referrer: "the order was cancelled", owner: "the order was cancelled" },
  refunded: { referrer: "the order was refunded", owner: "the order was refunded" },
  own_card: { referrer: "the order was paid with your own card", owner: "paid with the referrer's card" },
};

/**
 * Why a referral earned nothing, in words: to the referrer on their account, or to the owner on the
 * customer's page. A reason this code does not know reads as the general one.
 */
export function referralVoidText(reason: string | null, reader: "referrer" | "owner"): string {
  const known = reason && reason in BY_REASON ? BY_REASON[reason as ReferralVoidReason] : null;
  return known ? known[reader] : "the order was refunded or cancelled";
}
