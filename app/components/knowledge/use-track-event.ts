import { useMutation } from "@tanstack/react-query";

export type TrackInput =
  | { articleId: number; eventType: "view" }
  | { articleId: number; eventType: "product_click"; productId: number };

/** Records an article event (spec point 7, POST /api/content/analytics/track); failures stay silent. */
export function useTrackEvent() {
  return useMutation({
    mutationFn: async (input: TrackInput) => {
      const res = await fetch("/api/content/analytics/track", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(input),
        keepalive: true,
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return res.json() as Promise<{ recorded: boolean }>;
    },
  });
}
