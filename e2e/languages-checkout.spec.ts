import { expect, test } from "@playwright/test";
import { consoleProblems } from "./support/console.ts";
import { payWithTestCard } from "./support/shopper.ts";

// The cart drawer, the checkout and the success page in the shopper's language (docs/decisions/049-languages.md):
// their own words, the toast, and the payment page sending the shopper back in the language they paid from.

test("a shopper buys Ashwagandha in Spanish: the drawer, its toast, the checkout and the success page speak Spanish", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const catalogue = page.waitForResponse((r) => r.url().includes("/i18n/es.") && r.ok());
  await page.goto("/es/products/ashwagandha");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Toasts come later than the first render: the words they need are in the whole catalogue.
  await catalogue;
  await page.getByRole("button", { name: /^Agregar al carrito/ }).click();

  await expect(page.getByText("Agregado al carrito", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Abrir el carrito, 1 artículo" }).click();
  const drawer = page.getByRole("dialog", { name: "Tu carrito MANA" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("Compra única")).toBeVisible();
  await expect(drawer.getByRole("textbox", { name: "Código de descuento" })).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Cerrar el carrito" })).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Vaciar el carrito" })).toBeVisible();
  const toCheckout = drawer.getByRole("link", { name: "Ir a pagar" });
  await expect(toCheckout).toHaveAttribute("href", "/es/checkout");
  await toCheckout.click();

  await expect(page).toHaveURL(/\/es\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pagar" })).toBeVisible();
  await expect(page).toHaveTitle("Pagar | MANA");
  await expect(page.getByRole("heading", { name: "Contacto" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dirección de envío" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary.getByText("Subtotal")).toBeVisible();
  await expect(summary.getByText("Envío", { exact: true })).toBeVisible();

  // A wrong e-mail is refused beside its field, in Spanish.
  await page.getByLabel("Correo electrónico").fill("ana@");
  await page.getByRole("button", { name: "Continuar al pago seguro" }).click();
  await expect(
    page.getByText("Escribe un correo electrónico válido, como nombre@ejemplo.com."),
  ).toBeVisible();

  const email = `ana.es.${Date.now()}@example.com`;
  await page.getByLabel("Correo electrónico").fill(email);
  // The address form's own words are another area's: its fields are found by their ids.
  await page.locator("#ship-country").selectOption("US");
  await page.locator("#ship-fullName").fill("Ana Pérez");
  await page.locator("#ship-line1").fill("1 Main St");
  await page.locator("#ship-city").fill("Springfield");
  await page.locator("#ship-region").selectOption("IL");
  await page.locator("#ship-postalCode").fill("62701");
  await page.getByRole("button", { name: "Continuar al pago seguro" }).click();

  // The sandbox's card page is the payment provider's (English); it sends the shopper back in Spanish.
  await payWithTestCard(page, "Ana Perez");
  await expect(page).toHaveURL(/\/es\/success\?session_id=cs_sandbox_/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu pedido!" })).toBeVisible();
  await expect(page.getByText("Tu número de pedido")).toBeVisible();
  await expect(page.getByRole("region", { name: "Tu pedido" }).getByText("Compra única")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Qué sigue" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Seguir comprando" })).toHaveAttribute("href", "/es");
  expect(problems).toEqual([]);

  // The confirmation e-mail is in Spanish too (the order keeps the checkout's language), its link to the
  // order's page in Spanish.
  const number =
    /MANA-[2-9A-HJKMNP-Z]{8}/.exec((await page.getByRole("main").textContent()) ?? "")?.[0] ?? "";
  expect(number).not.toBe("");
  await page.goto("/dev/outbox");
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("heading", { name: `Tu pedido de MANA ${number} está confirmado` }) });
  await expect(mail).toContainText("Gracias por tu pedido.");
  await expect(mail).toContainText(`Número de pedido: ${number}`);
  await expect(mail).toContainText("1x Ashwagandha");
  await expect(mail).toContainText("Envío a:");
  await expect(mail).toContainText(
    "Todos los pedidos están cubiertos por nuestra garantía de devolución de 60 días.",
  );
  await expect(mail).toContainText(`/es/account/orders/${number}`);
  await expect(mail).not.toContainText("Thank you for your order");
});

test("the checkout in French, from the first byte", async ({ page, request }) => {
  const problems = consoleProblems(page);
  const added = await page.request.post("/api/cart", {
    data: { productId: 1, quantity: 1, isSubscription: false },
  });
  expect(added.status()).toBe(201);
  await page.goto("/fr/checkout");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Paiement" })).toBeVisible();
  await expect(page.getByLabel("Adresse courriel")).toBeVisible();
  await expect(page.getByRole("region", { name: "Récapitulatif de la commande" })).toContainText(
    "Sous-total",
  );
  await expect(page.getByRole("button", { name: "Continuer vers le paiement sécurisé" })).toBeVisible();
  // The cart button names its count in French.
  await expect(page.getByRole("button", { name: "Ouvrir le panier, 1 article" })).toBeVisible();
  const html = await (await request.get("/fr/success")).text();
  expect(html).toContain("Aucune commande à afficher");
  expect(problems).toEqual([]);
});
