import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Providers, SocialButtons } from "./social-buttons.tsx";

const onlyGitHub: Providers = { google: false, github: true, twitter: false, apple: false, oidc: null };

function render(providers: Providers, showUnconfigured: boolean): string {
  return renderToStaticMarkup(
    createElement(SocialButtons, { providers, showUnconfigured, disabled: false, onStart() {}, onFail() {} }),
  );
}

/** Each button's label and whether it is disabled, in page order. */
function buttons(html: string) {
  return [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({
    label: (m[2] ?? "").replace(/<[^>]+>/g, "").trim(),
    disabled: /\sdisabled=""/.test(m[1] ?? ""),
  }));
}

describe("social sign-in buttons", () => {
  it("on a deployed shop: only the providers with credentials, and no hint", () => {
    const html = render(onlyGitHub, false);
    expect(buttons(html)).toEqual([{ label: "GitHub", disabled: false }]);
    expect(html).not.toContain("Development only");
  });

  it("in development: the others too, disabled, each pointing at the one-line hint on configuring them", () => {
    const html = render(onlyGitHub, true);
    expect(buttons(html)).toEqual([
      { label: "Google", disabled: true },
      { label: "GitHub", disabled: false },
      { label: "X", disabled: true },
      { label: "Apple", disabled: true },
    ]);
    expect(html).toContain("GOOGLE_CLIENT_ID");
    expect(html.match(/aria-describedby="social-setup-hint"/g)).toHaveLength(3);
  });

  it("renders nothing when no provider is configured on a deployed shop", () => {
    expect(render({ ...onlyGitHub, github: false }, false)).toBe("");
  });
});
