import type { Inline, LegalBlock } from "../../../core/legal-text.ts";
import { Link } from "../../i18n/link.tsx";

const linkClass = "font-medium text-forest underline underline-offset-2";

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) => {
        const key = `${i}-${part.kind}`;
        if (part.kind === "strong") return <strong key={key}>{part.text}</strong>;
        if (part.kind === "link")
          return part.href.startsWith("/") ? (
            <Link key={key} to={part.href} className={linkClass}>
              {part.text}
            </Link>
          ) : (
            <a key={key} href={part.href} className={linkClass}>
              {part.text}
            </a>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </>
  );
}

/**
 * A legal text from content/legal/ (core/legal-text.ts). `slots` draws a block of its own where the text
 * holds only a slot's mark (the cookie table).
 */
export function LegalText({
  blocks,
  slots = {},
}: {
  blocks: LegalBlock[];
  slots?: Record<string, React.ReactNode>;
}) {
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${i}-${block.kind}`;
        if (block.kind === "h2" || block.kind === "h3") {
          const Heading = block.kind;
          return (
            <Heading key={key} id={block.id} className={block.kind === "h3" ? "text-lg" : undefined}>
              {block.text}
            </Heading>
          );
        }
        if (block.kind === "ul")
          return (
            <ul key={key} className="grid list-disc gap-2 pl-6">
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text's items never move
                <li key={j}>
                  <InlineText parts={item} />
                </li>
              ))}
            </ul>
          );
        const only =
          block.inline.length === 1 && block.inline[0]?.kind === "text" ? block.inline[0].text : null;
        if (only && slots[only] !== undefined) return <div key={key}>{slots[only]}</div>;
        return (
          <p key={key}>
            <InlineText parts={block.inline} />
          </p>
        );
      })}
    </>
  );
}
