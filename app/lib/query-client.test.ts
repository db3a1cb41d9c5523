import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.ts";

afterEach(() => {
  vi.useRealTimers();
});

function Reader() {
  const { data } = useQuery({ queryKey: ["greeting"], queryFn: async () => "hello" });
  return createElement("p", null, data ?? "loading");
}

describe("the query client a server render creates", () => {
  it("leaves no timer behind once the page is rendered, so nothing keeps the render alive", () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const html = renderToString(createElement(QueryClientProvider, { client }, createElement(Reader)));
    expect(html).toContain("loading");
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
