import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  SHIP_CSV_HEADER,
  SHIP_CSV_MAX_BYTES,
  SHIP_CSV_MAX_ROWS,
  type ShipCsvRowResult,
} from "../../core/contracts/admin-orders.ts";
import { ListTable, listLink } from "../components/admin/list-table.tsx";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import type { Route } from "./+types/admin-orders-ship";

export { action, headers, loader } from "./admin-orders-ship.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Ship from a CSV file | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const card = "rounded-card bg-white p-4 shadow-card sm:p-6";
const cell = "px-2 py-3 align-top sm:px-4";

const EXAMPLE = `${SHIP_CSV_HEADER}\nMANA-7F3K9QXA,UPS,1Z999AA10123456784\nMANA-2B8D4KQW,USPS,9400111899223197`;

const OUTCOME: Record<ShipCsvRowResult["outcome"], string> = {
  shipped: "Shipped",
  already_shipped: "Already shipped",
  failed: "Not shipped",
};

type ShipPageResult = NonNullable<Route.ComponentProps["actionData"]>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * /admin/orders/ship: marks many orders shipped from one CSV file (decision 020). A plain multipart form,
 * so it works without JavaScript; the outcome (every row's result, or every problem) takes the focus.
 */
export default function AdminOrdersShip({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const form = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLHeadingElement>(null);
  const shown = actionData;
  useEffect(() => {
    if (!shown) return;
    // The chosen file was read: choosing it again (fixed, or the next one) is the next step.
    form.current?.reset();
    outcome.current?.focus();
  }, [shown]);

  return (
    <section className="mt-6 grid gap-5" aria-labelledby="ship-title">
      <div>
        <p className="text-sm">
          <Link to="/admin/orders" className="font-semibold text-forest underline">
            All orders
          </Link>
        </p>
        <h1 id="ship-title" className="mt-1 text-3xl sm:text-4xl">
          Ship from a CSV file
        </h1>
      </div>

      <div className={card}>
        <p id="csv-format" className="text-sm text-ink">
          One order per row, under the header row <code className="font-mono">{SHIP_CSV_HEADER}</code> (commas
          between values). Carriers: {loaderData.carriers.join(", ")}. At most {SHIP_CSV_MAX_ROWS} orders and{" "}
          {SHIP_CSV_MAX_BYTES / 1024} KB per file.
        </p>
        <figure className="mt-3">
          <figcaption className="text-sm text-muted">For example:</figcaption>
          <pre className="mt-1 whitespace-pre-wrap break-all rounded-xl bg-sand p-3 font-mono text-sm text-ink">
            {EXAMPLE}
          </pre>
        </figure>
        <p className="mt-3 text-sm text-muted">
          Every row is checked before anything ships: if one is wrong, nothing ships and each problem is
          listed with its row number (the header is row 1). Each customer gets the shipped e-mail, as when an
          order is shipped on its own page. Sending a file again is safe: its orders show as already shipped.
        </p>

        <Form
          ref={form}
          method="post"
          encType="multipart/form-data"
          className="mt-5 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <div className="grid gap-1.5">
            <label htmlFor="ship-file" className="text-sm font-medium text-ink">
              CSV file
            </label>
            <input
              id="ship-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="csv-format"
              className={`${inputClass} py-2 text-sm file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-full file:border file:border-forest file:bg-cream file:px-4 file:font-semibold file:text-forest`}
            />
          </div>
          <Button type="submit" pending={pending} pendingText="Shipping…">
            Ship these orders
          </Button>
        </Form>
      </div>

      {shown ? <Outcome result={shown} headingRef={outcome} /> : null}
    </section>
  );
}

function Outcome({
  result,
  headingRef,
}: {
  result: ShipPageResult;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const heading = (
    <h2 id="ship-outcome" ref={headingRef} tabIndex={-1} className="text-xl">
      {result.kind === "done" ? "Result" : "Nothing was shipped"}
    </h2>
  );
  if (result.kind === "error")
    return (
      <section className={card} aria-labelledby="ship-outcome">
        {heading}
        <p role="alert" className="mt-3 rounded-xl border border-danger p-3 text-sm text-danger">
          {result.message}
        </p>
      </section>
    );

  if (result.kind === "refused")
    return (
      <section className={card} aria-labelledby="ship-outcome">
        {heading}
        <p role="alert" className="mt-3 rounded-xl border border-danger p-3 text-sm text-danger">
          {result.fileName} has {plural(result.problems.length, "problem")}. Fix{" "}
          {result.problems.length === 1 ? "it" : "them"}, then choose the file again.
        </p>
        <ListTable
          framed={false}
          layout=""
          caption={`Problems in ${result.fileName}, by row`}
          columns={[{ label: "Row" }, { label: "Order" }, { label: "Problem" }]}
        >
          {result.problems.map((p) => (
            <tr key={`${p.row}-${p.message}`}>
              <td className={`${cell} tabular-nums`}>{p.row ?? "File"}</td>
              <td className={`${cell} break-all font-mono text-xs`}>{p.orderNumber ?? "—"}</td>
              <td className={`${cell} text-danger`}>{p.message}</td>
            </tr>
          ))}
        </ListTable>
      </section>
    );

  const { shipped, alreadyShipped, failed, rows } = result.result;
  const summary = [
    `${shipped} shipped`,
    alreadyShipped ? `${alreadyShipped} already shipped` : "",
    failed ? `${failed} not shipped` : "",
  ].filter(Boolean);
  return (
    <section className={card} aria-labelledby="ship-outcome">
      {heading}
      <p role="status" className={`mt-3 text-sm ${failed ? "text-danger" : "text-ink"}`}>
        {result.fileName}: {summary.join(", ")}.
      </p>
      <ListTable
        framed={false}
        layout=""
        caption={`Orders in ${result.fileName}, by row`}
        columns={[
          { label: "Row" },
          { label: "Order" },
          { label: "Carrier and tracking", className: "hidden sm:table-cell" },
          { label: "Result" },
        ]}
      >
        {rows.map((r) => (
          <tr key={r.row}>
            <td className={`${cell} tabular-nums`}>{r.row}</td>
            <td className={cell}>
              <Link to={`/admin/orders/${r.orderNumber}`} className={listLink}>
                {r.orderNumber}
              </Link>
              <span className="block break-all text-xs text-muted sm:hidden">
                {r.carrier} {r.trackingCode}
              </span>
            </td>
            <td className={`${cell} hidden break-all sm:table-cell`}>
              {r.carrier} {r.trackingCode}
            </td>
            <td className={cell}>
              <span className={r.outcome === "failed" ? "font-semibold text-danger" : "font-semibold"}>
                {OUTCOME[r.outcome]}
              </span>
              {r.message ? <span className="block text-xs text-danger">{r.message}</span> : null}
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
