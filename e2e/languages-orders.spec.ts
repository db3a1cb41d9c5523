import { type Browser, expect, type Page, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";
import { boughtOnSandbox, signedUp } from "./support/shopper.ts";

// A customer's order page in Spanish and French (docs/decisions/049-languages.md): its heading, title,
// figures, payment, timeline and status in the page's language; the order bought once, in English.

test.describe.configure({ mode: "serial" });

let customer: Page;
let orderNumber = "";
let base = "";

test.beforeAll(async ({ browser, baseURL }: { browser: Browser; baseURL: string | undefined }) => {
  test.setTimeout(120_000);
  base = baseURL ?? "";
  customer = await signedUp(browser, base, `orders-lang-${Date.now()}@example.com`, "Olga Ordenes");
  orderNumber = await boughtOnSandbox(customer, base, [{ productId: 1, quantity: 2 }], "new");
});

test.afterAll(async () => {
  await customer?.context().close();
});

test("the order page in Spanish: heading, title, figures, payment, timeline and status", async () => {
  const problems = consoleProblems(customer);
  await customer.goto(`${base}/es/account/orders/${orderNumber}`);
  await expect(customer.locator("html")).toHaveAttribute("lang", "es");
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(customer.getByRole("heading", { level: 1, name: `Pedido ${orderNumber}` })).toBeVisible();
  await expect(customer).toHaveTitle(`Pedido ${orderNumber} | MANA`);
  await expect(
    customer.getByRole("main").getByRole("link", { name: "Historial de pedidos" }),
  ).toHaveAttribute("href", "/es/orders");
  await expect(customer.getByText(/^Realizado el \d+ de \S+ de \d{4}$/)).toBeVisible();
  await expect(customer.getByText("En preparación", { exact: true })).toBeVisible();
  for (const name of ["Artículos", "Pago", "Dirección de envío", "Seguimiento"])
    await expect(customer.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  await expect(customer.getByText(/c\/u · Compra única$/)).toBeVisible();
  await expect(customer.getByRole("term").filter({ hasText: "Impuestos" })).toBeVisible();
  await expect(customer.getByTestId("payment-status")).toContainText("Pagado: $");
  const timeline = customer.getByRole("list", { name: "Seguimiento del pedido" });
  await expect(timeline.getByText("Pedido realizado")).toBeVisible();
  await expect(timeline.getByText("Pago recibido")).toBeVisible();
  await expect(customer.getByText("¿Tuviste una reacción a un producto de este pedido?")).toBeVisible();
  await expect(customer.getByRole("link", { name: "Reporta una reacción" })).toBeVisible();
  await expect(customer.getByText("Order placed")).toHaveCount(0);
  expect(problems).toEqual([]);

  // An order the customer does not have: the missing page, in Spanish.
  const missing = await customer.goto(`${base}/es/account/orders/MANA-22222222`);
  expect(missing?.status()).toBe(404);
  await expect(customer.getByRole("heading", { level: 1, name: "Pedido no encontrado" })).toBeVisible();
  await expect(customer.getByText("No hay ningún pedido con este número en tu cuenta.")).toBeVisible();
  await expect(customer).toHaveTitle("Pedido | MANA");
});

test("the order page in French: heading, title, figures, payment, timeline and status", async () => {
  const problems = consoleProblems(customer);
  await customer.goto(`${base}/fr/account/orders/${orderNumber}`);
  await expect(customer.locator("html")).toHaveAttribute("lang", "fr");
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(customer.getByRole("heading", { level: 1, name: `Commande ${orderNumber}` })).toBeVisible();
  await expect(customer).toHaveTitle(`Commande ${orderNumber} | MANA`);
  await expect(
    customer.getByRole("main").getByRole("link", { name: "Historique des commandes" }),
  ).toHaveAttribute("href", "/fr/orders");
  await expect(customer.getByText(/^Passée le \d+ \S+ \d{4}$/)).toBeVisible();
  await expect(customer.getByText("En préparation", { exact: true })).toBeVisible();
  for (const name of ["Articles", "Paiement", "Adresse de livraison", "Suivi"])
    await expect(customer.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  await expect(customer.getByText(/l’unité · Achat unique$/)).toBeVisible();
  await expect(customer.getByRole("term").filter({ hasText: "Sous-total" })).toBeVisible();
  await expect(customer.getByTestId("payment-status")).toContainText("Payé\u00a0: $");
  const timeline = customer.getByRole("list", { name: "Suivi de la commande" });
  await expect(timeline.getByText("Commande passée")).toBeVisible();
  await expect(timeline.getByText("Paiement reçu")).toBeVisible();
  await expect(customer.getByRole("link", { name: "Signaler une réaction" })).toBeVisible();
  await expect(customer.getByText("Payment received")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("the orders page in Spanish and French: heading, title, the order's card and its details", async () => {
  const problems = consoleProblems(customer);
  await customer.goto(`${base}/es/orders`);
  await expect(customer.locator("html")).toHaveAttribute("lang", "es");
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(customer.getByRole("heading", { level: 1, name: "Historial de pedidos" })).toBeVisible();
  await expect(customer).toHaveTitle("Historial de pedidos | MANA");
  await expect(customer.getByText("Todos los pedidos que hiciste en MANA.")).toBeVisible();
  const card = customer
    .getByRole("listitem")
    .filter({ has: customer.getByRole("heading", { name: `Pedido n.º ${orderNumber}` }) });
  await expect(card.getByText("En preparación", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Realizado el \d+ de \S+ de \d{4}$/)).toBeVisible();
  await card.getByRole("button", { name: "Ver detalles" }).click();
  await expect(card.getByRole("list", { name: "Seguimiento del pedido" })).toBeVisible();
  await expect(card.getByRole("link", { name: `Página del pedido de ${orderNumber}` })).toHaveAttribute(
    "href",
    `/es/account/orders/${orderNumber}`,
  );

  await customer.goto(`${base}/fr/orders`);
  await expect(customer.locator("html")).toHaveAttribute("lang", "fr");
  await expect(customer.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(customer.getByRole("heading", { level: 1, name: "Historique des commandes" })).toBeVisible();
  await expect(customer).toHaveTitle("Historique des commandes | MANA");
  const carte = customer
    .getByRole("listitem")
    .filter({ has: customer.getByRole("heading", { name: `Commande n°\u00a0${orderNumber}` }) });
  await expect(carte.getByText("En préparation", { exact: true })).toBeVisible();
  await carte.getByRole("button", { name: "Voir les détails" }).click();
  await expect(carte.getByRole("list", { name: "Suivi de la commande" })).toBeVisible();
  await expect(customer.getByText("View Details")).toHaveCount(0);
  expect(problems).toEqual([]);
});
