import ExternalLink from "lucide-react/icons/external-link";
import FlaskConical from "lucide-react/icons/flask-conical";
import Quote from "lucide-react/icons/quote";
import type { ContentBlock } from "../../../core/contracts/content.ts";
import { mapAssetSrc } from "../../../core/story.ts";
import { useT } from "../../i18n/i18n.tsx";
import { type RelatedProduct, RelatedProductCard } from "./related-product-card.tsx";

/** Renders an article's content blocks. */
export function ContentBlocks({
  blocks,
  products,
  onProductOpen,
}: {
  blocks: ContentBlock[];
  products: RelatedProduct[];
  onProductOpen: (productId: number) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6 text-lg leading-[1.7]">
      {blocks.map((block, i) => {
        const key = `${block.type}-${i}`;
        switch (block.type) {
          case "text":
            return block.text.split(/\n{2,}/).map((p, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one block never reorder.
              <p key={`${key}-${j}`}>{p}</p>
            ));
          case "image":
            return (
              <figure key={key} className="my-2">
                <img
                  src={mapAssetSrc(block.src)}
                  alt={block.alt}
                  width={960}
                  height={540}
                  loading="lazy"
                  className="w-full rounded-card bg-sand"
                />
                {block.caption ? (
                  <figcaption className="mt-2 text-center text-sm text-muted">{block.caption}</figcaption>
                ) : null}
              </figure>
            );
          case "quote":
            return (
              <figure key={key} className="my-2 border-l-4 border-gold-bright pl-6">
                <Quote className="size-6 text-gold" aria-hidden />
                <blockquote className="mt-2 font-display text-xl text-forest italic">{block.text}</blockquote>
                <figcaption className="mt-2 text-base text-muted">— {block.author}</figcaption>
              </figure>
            );
          case "product-card": {
            const product = products.find((p) => p.id === block.productId);
            return product ? <RelatedProductCard key={key} product={product} onOpen={onProductOpen} /> : null;
          }
          case "research-citation":
            return (
              <div
                key={key}
                className="flex gap-3 rounded-card bg-sand p-5 text-base"
                data-block="research-citation"
              >
                <FlaskConical className="mt-1 size-5 shrink-0 text-verdant" aria-hidden />
                <p>
                  <span className="font-semibold text-forest">{t("knowledge.block.study")} </span>
                  {block.link ? (
                    <a
                      href={block.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-forest underline underline-offset-4"
                    >
                      {block.study}
                      <ExternalLink className="ml-1 inline size-4" aria-hidden />
                      <span className="sr-only"> {t("knowledge.block.newTab")}</span>
                    </a>
                  ) : (
                    block.study
                  )}
                </p>
              </div>
            );
          case "expert-insight":
            return (
              <div
                key={key}
                className="rounded-card border border-verdant/30 bg-verdant/5 p-6"
                data-block="expert-insight"
              >
                <p className="text-sm font-semibold tracking-widest text-verdant uppercase">
                  {t("knowledge.block.expertInsight")}
                </p>
                <p className="mt-2">{block.insight}</p>
                <p className="mt-3 text-base">
                  <span className="font-semibold text-forest">{block.expertName}</span>
                  <span className="text-muted">, {block.credentials}</span>
                </p>
              </div>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
