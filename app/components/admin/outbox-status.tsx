import { Badge, type BadgeTone } from "../ui/status-badge.tsx";

const LOOK: Record<string, { label: string; tone: BadgeTone }> = {
  sent: { label: "Sent", tone: "green" },
  stored: { label: "Stored", tone: "grey" },
  failed: { label: "Failed", tone: "red" },
  skipped: { label: "Skipped", tone: "yellow" },
};

/** What became of an outbox message: sent, stored (no SMTP or Twilio set), failed or skipped. */
export function OutboxStatus({ status }: { status: string }) {
  const look = LOOK[status] ?? { label: status, tone: "grey" as const };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

export const channelName = (channel: string) => (channel === "sms" ? "SMS" : "E-mail");
