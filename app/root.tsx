import { lazy, Suspense, use, useCallback, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { LanguageOffer } from "./components/layout/language-offer.tsx";
import { LazyCartDrawer } from "./components/shop/lazy-cart-drawer.tsx";
import { LazyToaster } from "./components/ui/lazy-toaster.tsx";
import interLatin from "./fonts/inter-latin-wght-400-900.woff2?url";
import { CartDrawerProvider } from "./hooks/use-cart-drawer.tsx";
import { TranslatorProvider, useLocale, useT } from "./i18n/i18n.tsx";
import { NonceContext, shareNonceWithWidgets } from "./lib/csp-nonce.ts";
import { QueryClientProvider } from "./lib/query.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { RootStylesheet } from "./lib/root-stylesheet.tsx";
import { SYSTEM_THEME_SCRIPT, type Theme, ThemeContext } from "./lib/theme.ts";
import { NotFoundPage } from "./routes/not-found.tsx";

export { loader } from "./root.server.ts";

/**
 * The root's data (the price list in the shopper's currency) is read again when the currency is chosen (the
 * switchers revalidate), after a form is sent, and with every document; a link followed inside the shop
 * does not ask for it, so a failed read of the page it leads to fails that page alone, whose own error
 * shows (e2e/addresses.spec.ts "a failed load says so and tries again"), not the whole shop's.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
};

if (typeof document !== "undefined") shareNonceWithWidgets();

const CodeLink = lazy(() => import("./components/shop/code-link.tsx"));

/**
 * The code of a `?code=WELCOME10` link, taken out of the address bar as soon as the page has hydrated (a
 * reload does not apply it again) and applied by a module loaded only then. Not on the owner's dashboard,
 * whose pages may use the parameter for their own ends. A component of its own, so that only it follows
 * the location, not the whole shell.
 */
function CodeLinkWatcher() {
  const { search, pathname } = useLocation();
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    const linked = new URLSearchParams(search).get("code");
    if (linked === null || pathname.startsWith("/admin")) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("code");
    window.history.replaceState(window.history.state, "", url);
    if (linked.trim()) setCode(linked);
  }, [search, pathname]);
  const done = useCallback(() => setCode(null), []);
  if (!code) return null;
  return (
    <Suspense fallback={null}>
      <CodeLink code={code} onDone={done} />
    </Suspense>
  );
}

export const links: Route.LinksFunction = () => [
  // The body face, above the fold on every page: fetched while the document still streams, not once the
  // first layout finds text that needs it (decision 037; its @font-face is in app/app.css).
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable shop (decision 054): its name, colours and icons.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/** In the browser: the theme the server drew the document in (the page may have changed it since). */
function documentTheme(): Theme {
  const choice = typeof document === "undefined" ? undefined : document.documentElement.dataset.themeChoice;
  return choice === "dark" || choice === "system" ? choice : "light";
}

/** Settles the "system" theme from the device before the first paint. */
function SystemThemeScript({ nonce }: { nonce?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this app (app/lib/theme.ts), never input.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SYSTEM_THEME_SCRIPT }} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <TranslatorProvider>
      <Document>{children}</Document>
    </TranslatorProvider>
  );
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = use(NonceContext);
  const t = useT();
  const locale = useLocale();
  // The visitor's theme from its cookie, so the first paint is already in it; fixed after the first render,
  // since applyTheme (app/lib/theme.ts) changes the document itself.
  const serverTheme = use(ThemeContext);
  const [theme] = useState(() => serverTheme ?? documentTheme());
  const drawn = theme === "dark" ? "dark" : "light";
  return (
    // The head script may settle "system" as dark before the page hydrates: that attribute is expected
    // to differ from the server's.
    <html
      lang={locale}
      data-theme={drawn}
      data-theme-choice={theme}
      style={{ colorScheme: drawn }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1F3A2E" />
        {theme === "system" ? <SystemThemeScript nonce={nonce} /> : null}
        <Meta />
        <RootStylesheet nonce={nonce} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-cream px-4 py-2 text-forest focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t("shell.skipToContent")}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    // The page's script has taken over: journeys wait for this before typing into controlled fields
    // (e2e/support/shopper.ts), which hydration would otherwise reset.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <CartDrawerProvider>
        <Header />
        <LanguageOffer />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <LazyCartDrawer />
        <LazyToaster />
        <CodeLinkWatcher />
      </CartDrawerProvider>
    </QueryClientProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** One boundary for every expected failure (thrown 404 Responses) and every unexpected one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  // A route that answers an error has no meta of its own: the boundary titles the page (React puts a
  // <title> rendered anywhere into the head), in the page's language.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{t("notFound.meta.title")}</title>
        <NotFoundPage />
      </Shell>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t("notFound.error.title");
  return (
    <Shell>
      <title>{t("notFound.error.meta.title")}</title>
      <section className="container-shop py-24 text-center">
        <h1 className="text-3xl">{message}</h1>
        <p className="mt-4 text-muted">{t("notFound.error.text")}</p>
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="mt-6 overflow-auto text-left text-sm">{error.stack}</pre>
        ) : null}
      </section>
    </Shell>
  );
}
