import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider, useQuery } from "./query.ts";
import { createQueryClient } from "./query-client.ts";

afterEach(() => {
  vi.useRealTimers();
});

function Reader() {
  const { data } = useQuery({ queryKey: ["greeting"], queryFn: async () => "hello" });
  return createElement("p", null, data ?? "loading");
}

const render = (client: QueryClient) =>
  renderToString(createElement(QueryClientProvider, { client }, createElement(Reader)));

describe("the query client a server render creates", () => {
  it("leaves no timer behind once the page is rendered, so nothing keeps the render alive", () => {
    vi.useFakeTimers();
    const html = render(createQueryClient());
    expect(html).toContain("loading");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("is what keeps it so: the same render with a browser's 5-minute drop sets that timer", () => {
    vi.useFakeTimers();
    render(new QueryClient({ staleTime: 5 * 60_000, gcTime: 5 * 60_000 }));
    expect(vi.getTimerCount()).toBe(1);
  });
});
