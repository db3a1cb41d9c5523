import type { Route } from "./+types/dev-outbox";

export { headers, loader } from "./dev-outbox.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Dev outbox | MANA" },
  { name: "robots", content: "noindex" },
];

/** A message's text with its links clickable (a reset or verification link opens straight from here). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={i} href={part} className="break-all text-forest underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-shop py-12">
      <h1 className="text-3xl">Dev outbox</h1>
      <p className="mt-2 text-muted">
        Messages the shop sent, kept here because no SMTP server or SMS provider is set.
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8">The outbox is empty.</p>
      ) : (
        <ol className="mt-8 grid gap-4">
          {loaderData.messages.map((m) => (
            <li key={m.id} className="rounded-card bg-white p-5 shadow-card">
              <p className="text-sm text-muted">
                {m.channel === "sms" ? "SMS" : "E-mail"} to <strong className="text-ink">{m.to}</strong> ·{" "}
                {new Date(m.createdAt).toLocaleString("en-US")} · {m.status}
              </p>
              {m.subject ? <h2 className="mt-2 text-xl">{m.subject}</h2> : null}
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">
                <TextWithLinks text={m.text} />
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
