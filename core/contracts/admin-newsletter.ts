/** The dashboard's Newsletter API: subscribers with their consent, as the owner sees them. */
import type { NewsletterStatus } from "./admin-customers.ts";

export interface AdminSubscriberView {
  email: string;
  status: Exclude<NewsletterStatus, "none">;
  /** When the subscriber ticked the consent box; null when the sign-up did not say. */
  consentAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

export interface AdminNewsletterResponse {
  subscribers: AdminSubscriberView[];
  total: number;
  page: number;
  pages: number;
}
