import { expect, type Page, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { setTheme } from "./support/looks.ts";

// Keyboard focus: it stays where the shopper acted, comes back to the control that opened a dialog or
// sheet, and is visible on every control in both themes.

const useTheme = (page: Page, theme: "light" | "dark") => setTheme(page, theme);

test("Add to Cart by keyboard keeps the focus on the button", async ({ page }) => {
  await page.goto("/products/ashwagandha");
  const add = page.getByRole("button", { name: /^Add to cart · / });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" }).first()).toBeVisible();
  await expect(add).toBeFocused();
  await expect(add).not.toHaveAttribute("aria-busy", "true");
});

test("the cart drawer gives focus back to the cart button when it closes, by Escape or by a button", async ({
  page,
}) => {
  await page.goto("/stacks");
  const cart = page.getByRole("banner").getByRole("button", { name: /^Open cart/ });
  await cart.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Your MANA Cart" });
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(cart).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await expect(drawer).toHaveCount(0);
  await expect(cart).toBeFocused();
});

test("the story's name prompt gives focus back to Change Name", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("storyChildName", "Mia"));
  await page.goto("/story/the-root-that-looked-like-a-person");
  const change = page.getByRole("button", { name: "Change Name" });
  await change.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(change).toBeFocused();
});

interface Stop {
  name: string;
  outlineWidth: number;
  outlineStyle: string;
  ratio: number;
}

/**
 * Tabs through the page and measures each focused control's ring against the surface it sits on (the
 * first opaque background among its ancestors: the ring is drawn outside the control).
 */
async function focusStops(page: Page, count: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    // Until the ring's colour settles: a control's own `transition` animates it in from the text colour,
    // and a control that appears on focus (a visually hidden submit button) is laid out first.
    const stop = await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      // Every transition on the control (and its layout change) finished, then the colour unchanged over
      // three frames: a busy machine can draw two frames at one point of a transition.
      await Promise.all(
        (document.activeElement?.getAnimations() ?? []).map((a) => a.finished.catch(() => null)),
      );
      let last = "";
      let same = 0;
      for (let i = 0; i < 60 && same < 2; i++) {
        await frame();
        const now = document.activeElement ? getComputedStyle(document.activeElement).outlineColor : "";
        same = now === last ? same + 1 : 0;
        last = now;
      }
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // Any CSS colour (rgb(), color-mix()'s oklab(), color(srgb …)) read back as sRGB through a canvas.
      const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      const parse = (c: string) => {
        if (!ctx || c === "transparent") return null;
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = c;
        ctx.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
        return { r, g, b, a: a / 255 };
      };
      const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
        const ch = (v: number) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
      };
      const style = getComputedStyle(el);
      const ring = parse(style.outlineColor);
      let surface = null as ReturnType<typeof parse>;
      for (let p = el.parentElement; p && !surface; p = p.parentElement) {
        const bg = parse(getComputedStyle(p).backgroundColor);
        if (bg && bg.a > 0.5) surface = bg;
      }
      surface ??= parse(getComputedStyle(document.documentElement).backgroundColor) ?? {
        r: 255,
        g: 255,
        b: 255,
        a: 1,
      };
      const a = lum(ring ?? surface);
      const b = lum(surface);
      const [hi, lo] = a > b ? [a, b] : [b, a];
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      return {
        name,
        outlineWidth: Number.parseFloat(style.outlineWidth),
        outlineStyle: style.outlineStyle,
        ratio: (hi + 0.05) / (lo + 0.05),
      };
    });
    if (stop) stops.push(stop);
  }
  return stops;
}

for (const theme of ["light", "dark"] as const) {
  test(`every control shows a focus ring of at least 3:1 against its surface (${theme} theme)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useTheme(page, theme);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const failures: string[] = [];
    const check = async (path: string, count: number) => {
      for (const s of await focusStops(page, count)) {
        if (s.outlineStyle === "none" || s.outlineWidth < 2 || s.ratio < 3) {
          failures.push(`${path} ${s.name}: ${s.outlineStyle} ${s.outlineWidth}px, ${s.ratio.toFixed(2)}:1`);
        }
      }
    };
    for (const path of ["/", "/products/ashwagandha", "/knowledge", "/auth"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await check(path, 30);
    }

    // The checkout form and the test card page, Pay included.
    await page.request.post("/api/cart", { data: { productId: 1, quantity: 1, isSubscription: false } });
    await page.goto("/checkout");
    await check("/checkout", 25);
    await page.getByLabel("Email address").fill(`focus.${theme}@example.com`);
    await fillAddress(page);
    await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await page.getByLabel("Name on card").fill("Sam Shopper");
    const pay = page.getByRole("button", { name: /^Pay / });
    // From the control before Pay, so that the first stop measured is Pay itself.
    await pay.focus();
    await page.keyboard.press("Shift+Tab");
    await check("/pay", 8);
    expect(failures).toEqual([]);
  });
}
