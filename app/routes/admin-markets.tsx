import { useId } from "react";
import { countryName } from "../../core/address.ts";
import { DEFAULT_EU_COUNTRIES } from "../../core/contracts/admin-markets.ts";
import { EU_COUNTRIES, MARKETS, type MarketId } from "../../core/markets.ts";
import { Button } from "../components/ui/button.tsx";
import { useFormAction } from "../hooks/use-form-action.ts";
import { toast } from "../hooks/use-toast.ts";
import type { Route } from "./+types/admin-markets";

export { action, headers, loader } from "./admin-markets.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Markets | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const MARKET_NAMES: Record<MarketId, { name: string; currency: string }> = {
  us: { name: "United States", currency: "US dollars (USD)" },
  ca: { name: "Canada", currency: "Canadian dollars (CAD)" },
  uk: { name: "United Kingdom", currency: "pounds (GBP)" },
  eu: { name: "European Union", currency: "euros (EUR)" },
};

const names = (codes: readonly string[]) => codes.map((c) => countryName(c)).join(", ");

/**
 * The markets (docs/decisions/051-markets-and-currencies.md): which of the four the owner sells to and the
 * EU market's countries. They decide where the shop ships, from the save on (server/markets/markets.ts
 * shipToCountries); the page says so, and what turning a market off does to its shoppers.
 */
export default function AdminMarkets({ loaderData }: Route.ComponentProps) {
  const { settings, shipTo, alsoShipsTo } = loaderData;
  const id = useId();
  const { fetcher, errors, pending } = useFormAction("markets", () =>
    toast(
      fetcher.data?.unchanged
        ? { title: "Nothing to save", description: "The markets already are as chosen." }
        : { title: "Markets saved", description: "The checkout ships to the new countries now." },
    ),
  );

  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Markets</h1>
      <p className="mt-2 max-w-prose text-muted">
        A market is a group of countries the shop ships to, with the currency their orders are priced in, from
        that currency's prices on the Prices page.
      </p>

      <div className="mt-6 grid max-w-prose gap-2 rounded-card bg-white p-4 shadow-card sm:p-5">
        <h2 className="text-xl">Where the shop ships</h2>
        <p>
          Your markets decide it, from the moment you save: the checkout, the payment page and the address
          book offer only their countries, and the Shipping &amp; Returns page lists them. Now:{" "}
          <strong>{names(shipTo)}</strong>.
        </p>
        {alsoShipsTo.length > 0 ? (
          <p>
            Among them, in no market and priced in US dollars, from the server's SHIP_TO_COUNTRIES setting:{" "}
            <strong>{names(alsoShipsTo)}</strong>.
          </p>
        ) : null}
        <h3 className="mt-2 font-semibold">Turning a market off</h3>
        <p>
          Shoppers who browse in its currency still see the shop with its prices, but the checkout no longer
          offers its countries, so nobody there can place a new order. Addresses saved there are kept and not
          offered at checkout. Orders already placed and subscriptions already running in its currency go on
          as they are.
        </p>
      </div>

      <fetcher.Form
        // A new form when the saved markets change, so its boxes show what the shop now has.
        key={JSON.stringify(settings)}
        method="post"
        noValidate
        className="mt-6 grid gap-6"
        aria-label="Markets"
      >
        <input type="hidden" name="intent" value="markets" />
        <fieldset
          className="grid gap-3 rounded-card bg-white p-4 shadow-card sm:p-5"
          aria-describedby={errors?.enabled ? `${id}-enabled-error` : undefined}
        >
          <legend className="float-left w-full text-lg font-semibold text-ink">Your markets</legend>
          <div className="clear-left grid gap-3 pt-1">
            {MARKETS.map((m) => (
              <label key={m.id} className="flex min-h-11 items-start gap-3">
                <input
                  type="checkbox"
                  name={`market:${m.id}`}
                  defaultChecked={settings.enabled.includes(m.id)}
                  className="mt-1 size-5 shrink-0 accent-forest"
                />
                <span>
                  <span className="font-semibold">{MARKET_NAMES[m.id].name}</span>
                  <span className="block text-sm text-muted">
                    Priced in {MARKET_NAMES[m.id].currency}; its countries:{" "}
                    {m.id === "eu" ? "the ones chosen below" : names(m.countries)}.
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors?.enabled ? (
            <p id={`${id}-enabled-error`} role="alert" className="text-sm font-medium text-danger">
              {errors.enabled}
            </p>
          ) : null}
        </fieldset>

        <fieldset
          className="grid gap-3 rounded-card bg-white p-4 shadow-card sm:p-5"
          aria-describedby={`${id}-eu-hint${errors?.euCountries ? ` ${id}-eu-error` : ""}`}
        >
          <legend className="float-left w-full text-lg font-semibold text-ink">
            European Union countries
          </legend>
          <p id={`${id}-eu-hint`} className="clear-left text-sm text-muted">
            The EU countries whose addresses and VAT the shop knows. Kept while the market is off. At first:{" "}
            {names(DEFAULT_EU_COUNTRIES)}.
          </p>
          <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
            {EU_COUNTRIES.map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  name={`eu:${c}`}
                  defaultChecked={settings.euCountries.includes(c)}
                  className="size-5 shrink-0 accent-forest"
                />
                {countryName(c)}
              </label>
            ))}
          </div>
          {errors?.euCountries ? (
            <p id={`${id}-eu-error`} role="alert" className="text-sm font-medium text-danger">
              {errors.euCountries}
            </p>
          ) : null}
        </fieldset>

        {errors?.form ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Button type="submit" pending={pending} pendingText="Saving…">
            Save markets
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
