/** Why a referral was voided (`referrals.void_reason`, docs/decisions/047-gift-cards-credit-and-points.md). */
export type ReferralVoidReason = "cancelled" | "refunded" | "own_card";

/** The owner's words (the dashboard is English); the referrer reads the same in their language (area account). */
const FOR_OWNER: Record<ReferralVoidReason, string> = {
  cancelled: "the order was cancelled",
  refunded: "the order was refunded",
  own_card: "paid with the referrer's card",
};

/**
 * Why a referral earned nothing, in words, on the owner's customer page. A reason this code does not know
 * reads as the general one.
 */
export function referralVoidText(reason: string | null): string {
  return reason && reason in FOR_OWNER
    ? FOR_OWNER[reason as ReferralVoidReason]
    : "the order was refunded or cancelled";
}
