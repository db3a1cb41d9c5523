import { type Browser, expect, type Page, test } from "@playwright/test";
import { MANAGE_LINK_DAYS, manageToken } from "../server/subscriptions/manage-link.ts";
import { fillAddress } from "./support/address.ts";
import { consoleProblems } from "./support/console.ts";
import { payWithTestCard, signedUp } from "./support/shopper.ts";

// A subscription's own page (the link in its e-mails) in the shopper's language
// (docs/decisions/049-languages.md): its title, card, dialogs and toasts in Spanish and French, and the
// expired link's page too. The subscription is bought as a guest, as e2e/subscription-manage.spec.ts does.
test.describe.configure({ timeout: 180_000 });

/** The secret the journeys' shop signs with (playwright.config.ts), to make a link that has expired. */
const SHOP_SECRET = "e2e-secret-for-the-identity-journeys-0123456789";

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
const toast = (page: Page) => page.getByRole("region", { name: /Notification/ });

/** Buys a Verdant Edge subscription as a guest and returns the path of the link its e-mail holds. */
async function guestSubscription(browser: Browser, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}@example.com`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const added = await page.request.post("/api/cart", {
    data: { productId: 4, quantity: 1, isSubscription: true },
  });
  expect(added.status()).toBe(201);
  await page.goto("/checkout");
  await hydrated(page);
  await page.getByLabel("Email address").fill(email);
  await fillAddress(page, { fullName: "Gia Guest" });
  const box = page.getByRole("checkbox", { name: /automatic renewal|renew/i });
  if (await box.count()) await box.check();
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Gia Guest");
  await page.goto("/dev/outbox");
  const message = page
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ hasText: "/subscriptions/manage/" })
    .first();
  await expect(message).toBeVisible();
  const href = await message
    .getByRole("link", { name: /\/subscriptions\/manage\// })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  await context.close();
  return new URL(href as string).pathname;
}

test("a Spanish shopper manages a subscription from its link in Spanish and cancels it", async ({
  browser,
}) => {
  const path = await guestSubscription(browser, "gestion");
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const problems = consoleProblems(page);
  const opened = await page.goto(`/es${path}`);
  expect(opened?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Tu suscripción | MANA");
  await expect(page.getByRole("heading", { level: 1, name: "Tu suscripción" })).toBeVisible();
  await expect(page.getByText("sin necesidad de una cuenta")).toBeVisible();
  const sub = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Verdant Edge" }) });
  await expect(sub.getByText("$25.50 cada mes")).toBeVisible();
  await expect(sub.getByText("Activa", { exact: true })).toBeVisible();
  await expect(sub.getByText(/^Próximo cobro el \d+ de \p{L}+ de \d{4}$/u)).toBeVisible();
  await expect(sub.getByRole("button")).toHaveText([/^Pausar/, /^Omitir la próxima entrega/, /^Cancelar/]);
  await expect(page.getByRole("link", { name: "las suscripciones de tu cuenta" })).toHaveAttribute(
    "href",
    "/es/account/subscriptions",
  );
  await hydrated(page);

  await sub.getByRole("button", { name: /^Pausar/ }).click();
  const pause = page.getByRole("dialog", { name: "¿Pausar Verdant Edge?" });
  await expect(pause).toBeVisible();
  await expect(pause.getByRole("radio", { name: /^2 meses/ })).toBeVisible();
  await expect(pause.getByRole("radio", { name: /^Hasta que la reanude/ })).toBeVisible();
  await pause.getByRole("button", { name: "Dejar como está" }).click();
  await expect(pause).toBeHidden();

  await sub.getByRole("button", { name: /^Cancelar/ }).click();
  const dialog = page.getByRole("dialog", { name: "¿Cancelar Verdant Edge?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Termina al final del período que ya pagaste");
  await expect(dialog.getByLabel("¿Por qué cancelas? (opcional)")).toBeVisible();
  await dialog.getByLabel("¿Por qué cancelas? (opcional)").selectOption({ label: "Es demasiado caro" });
  await dialog.getByRole("button", { name: "Cancelar suscripción" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText("Suscripción cancelada");
  await expect(sub.getByText("Cancelada", { exact: true })).toBeVisible();
  await expect(sub.getByRole("link", { name: /^Volver a suscribirte/ })).toHaveAttribute(
    "href",
    /^\/es\/products\/[a-z-]+$/,
  );
  expect(problems).toEqual([]);
});

test("a French shopper reads the subscription's page in French, and the expired link's", async ({
  browser,
}) => {
  const path = await guestSubscription(browser, "abonnement");
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const problems = consoleProblems(page);
  await page.goto(`/fr${path}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Votre abonnement | MANA");
  await expect(page.getByRole("heading", { level: 1, name: "Votre abonnement" })).toBeVisible();
  const sub = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Verdant Edge" }) });
  await expect(sub.getByText("$25.50 chaque mois")).toBeVisible();
  await expect(sub.getByText("Actif", { exact: true })).toBeVisible();
  await expect(sub.getByText(/^Prochain prélèvement le \d+ \p{L}+ \d{4}$/u)).toBeVisible();
  await expect(sub.getByRole("button")).toHaveText([
    /^Mettre en pause/,
    /^Sauter la prochaine livraison/,
    /^Annuler/,
  ]);
  await hydrated(page);

  await sub.getByRole("button", { name: /^Sauter/ }).click();
  const skip = page.getByRole("dialog", { name: "Sauter la prochaine livraison\u00a0?" });
  await expect(skip).toBeVisible();
  await expect(skip).toContainText("est sautée et n’est pas débitée.");
  await skip.getByRole("button", { name: "Sauter la livraison" }).click();
  await expect(skip).toBeHidden();
  await expect(toast(page)).toContainText("Prochaine livraison sautée");

  await sub.getByRole("button", { name: /^Annuler/ }).click();
  const cancel = page.getByRole("dialog", { name: "Annuler Verdant Edge\u00a0?" });
  await expect(cancel).toBeVisible();
  await expect(cancel).toContainText("Il se termine à la fin de la période déjà payée");
  await expect(cancel.getByRole("button", { name: "Garder l’abonnement" })).toBeVisible();
  await cancel.getByRole("button", { name: "Garder l’abonnement" }).click();
  await expect(cancel).toBeHidden();

  // The same link past its time, in French.
  const id = (path.split("/").pop() ?? "").split(".")[0] as string;
  const longAgo = new Date(Date.now() - (MANAGE_LINK_DAYS + 1) * 86_400_000);
  await page.goto(`/fr/subscriptions/manage/${manageToken(SHOP_SECRET, id, longAgo)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien a expiré" })).toBeVisible();
  await expect(page.getByText("votre abonnement Verdant Edge")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la boutique" })).toHaveAttribute("href", /^\/fr\/?$/);
  await hydrated(page);
  await page.getByRole("button", { name: "M’envoyer un nouveau lien" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Nous avons envoyé un nouveau lien" }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test("a French customer modifies a subscription on the account page and opens the card page, in French", async ({
  browser,
  baseURL,
}) => {
  const page = await signedUp(browser, baseURL as string, `abonne-${Date.now()}@example.com`, "Fay Abonne");
  const added = await page.request.post("/api/cart", {
    data: { productId: 3, quantity: 1, isSubscription: true },
  });
  expect(added.status()).toBe(201);
  await page.goto("/checkout");
  await hydrated(page);
  await fillAddress(page, { fullName: "Fay Abonne" });
  const box = page.getByRole("checkbox", { name: /automatic renewal|renew/i });
  if (await box.count()) await box.check();
  await page.getByRole("button", { name: "Proceed to Secure Checkout" }).click();
  await payWithTestCard(page, "Fay Abonne");

  const problems = consoleProblems(page);
  await page.goto("/fr/account/subscriptions");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 2, name: "Vos abonnements" })).toBeVisible();
  const sub = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ashwagandha" }) });
  await expect(sub.getByText("Actif", { exact: true })).toBeVisible();
  await hydrated(page);

  await sub.getByRole("button", { name: "Modifier Ashwagandha" }).click();
  const modify = page.getByRole("dialog", { name: "Modifier Ashwagandha" });
  await expect(modify).toBeVisible();
  await expect(modify.getByRole("group", { name: "Que souhaitez-vous modifier\u00a0?" })).toBeVisible();
  await expect(modify.getByRole("radio", { name: /^Chaque mois/ })).toBeVisible();
  await modify.getByRole("button", { name: "Enregistrer la fréquence" }).click();
  await expect(modify).toContainText("Il est déjà expédié chaque mois. Choisissez une autre fréquence.");
  await modify.getByRole("radio", { name: /^Tous les 2 mois/ }).check();
  await modify.getByRole("button", { name: "Enregistrer la fréquence" }).click();
  await expect(modify).toBeHidden();
  await expect(toast(page)).toContainText("Fréquence modifiée");
  await expect(toast(page)).toContainText("Ashwagandha est désormais expédié tous les 2 mois.");
  await expect(sub.getByText(/ tous les 2 mois$/)).toBeVisible();

  await sub.getByRole("button", { name: "Modifier la carte pour Ashwagandha" }).click();
  await expect(page).toHaveURL(/\/fr\/account\/subscriptions\/[0-9a-f-]{36}\/card$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Modifier la carte (mode test) | MANA");
  await expect(page.getByRole("heading", { level: 1, name: "Modifier la carte" })).toBeVisible();
  await expect(page.getByText("Mode test\u00a0: aucune vraie carte n’est enregistrée.")).toBeVisible();
  await expect(page.getByText("Les renouvellements sont débités sur votre")).toBeVisible();
  await expect(
    page.getByText("La nouvelle carte est débitée à partir du prochain renouvellement."),
  ).toBeVisible();
  await hydrated(page);
  expect(problems).toEqual([]);
  await page.context().close();
});
