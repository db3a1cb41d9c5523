import { StatusBadge } from "./status-badge.tsx";

const LOOK: Record<string, { label: string; tone: "good" | "warn" | "bad" | "plain" }> = {
  sent: { label: "Sent", tone: "good" },
  stored: { label: "Stored", tone: "plain" },
  failed: { label: "Failed", tone: "bad" },
  skipped: { label: "Skipped", tone: "warn" },
};

/** What became of an outbox message: sent, stored (no SMTP or Twilio set), failed or skipped. */
export function OutboxStatus({ status }: { status: string }) {
  const look = LOOK[status] ?? { label: status, tone: "plain" as const };
  return <StatusBadge tone={look.tone}>{look.label}</StatusBadge>;
}

export const channelName = (channel: string) => (channel === "sms" ? "SMS" : "E-mail");
