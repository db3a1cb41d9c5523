import Leaf from "lucide-react/icons/leaf";
import Sparkles from "lucide-react/icons/sparkles";
import { createContext, use } from "react";
import {
  lookupCharacter,
  lookupCulturalTerm,
  lookupPlant,
  personalize,
  type StoryBlock,
  type StoryReference,
  storyReference,
} from "../../../core/story.ts";
import { useT } from "../../i18n/i18n.tsx";
import { InfoBox, InfoRow } from "./info-box.tsx";

/** The reference data the info boxes read: the story page's, in its language (the loader's `reference`). */
export const StoryReferenceContext = createContext<StoryReference>(storyReference);

function CharacterInfo({ name }: { name: string }) {
  const t = useT();
  const c = lookupCharacter(name, use(StoryReferenceContext));
  return (
    <InfoBox label={name} title={name} accent="#8E4A32">
      <span className="block font-display text-lg text-forest">{c.name}</span>
      {c.pronunciation ? <InfoRow term={t("story.info.pronunciation")}>{c.pronunciation}</InfoRow> : null}
      {c.culture ? <InfoRow term={t("story.info.origin")}>{c.culture}</InfoRow> : null}
      <InfoRow term={t("story.info.who")}>{c.description}</InfoRow>
    </InfoBox>
  );
}

function TermInfo({ term }: { term: string }) {
  const t = useT();
  const info = lookupCulturalTerm(term, use(StoryReferenceContext));
  return (
    <InfoBox label={term} title={term} accent="#3B3F7A">
      <span className="block font-display text-lg text-forest">{info.term}</span>
      {info.pronunciation ? (
        <InfoRow term={t("story.info.pronunciation")}>{info.pronunciation}</InfoRow>
      ) : null}
      <InfoRow term={t("story.info.meaning")}>{info.meaning}</InfoRow>
      {info.explanation ? <InfoRow term={t("story.info.wordStory")}>{info.explanation}</InfoRow> : null}
      {info.origin ? <InfoRow term={t("story.info.origin")}>{info.origin}</InfoRow> : null}
    </InfoBox>
  );
}

function PlantInfo({ reference }: { reference: string }) {
  const t = useT();
  const p = lookupPlant(reference, use(StoryReferenceContext));
  if (!p) return null;
  return (
    <InfoBox
      label={
        <>
          <span aria-hidden>{p.emoji}</span> {p.kidFriendlyName}
        </>
      }
      title={p.kidFriendlyName}
      accent={p.color}
    >
      <span
        className="accent-text block font-display text-lg"
        style={{ "--accent": p.color } as React.CSSProperties}
      >
        <span aria-hidden>{p.emoji}</span> {p.kidFriendlyName}
      </span>
      <InfoRow term={t("story.info.comesFrom")}>{p.culturalOrigin}</InfoRow>
      <InfoRow term={t("story.info.traditionalUse")}>{p.traditionalUse}</InfoRow>
      <InfoRow term={t("story.info.science")}>{p.modernScience}</InfoRow>
      <InfoRow term={t("story.info.funFact")}>{p.funFact}</InfoRow>
      <InfoRow term={t("story.info.lesson")}>{p.moralLesson}</InfoRow>
    </InfoBox>
  );
}

/** One block of a story with `{childName}` replaced. */
export function StoryBlockView({ block, childName }: { block: StoryBlock; childName: string | null }) {
  const t = useT();
  if (block.type === "image") {
    return (
      <figure>
        <img
          src={block.src}
          alt={block.alt}
          width={960}
          height={540}
          loading="lazy"
          className="w-full rounded-card bg-sand"
        />
        {block.caption ? (
          <figcaption className="mt-2 text-center text-base text-muted">
            {personalize(block.caption, childName)}
          </figcaption>
        ) : null}
      </figure>
    );
  }
  const text = personalize(block.text, childName);
  switch (block.type) {
    case "section-header":
      return <p className="font-display text-2xl text-forest italic">{text}</p>;
    case "character-dialogue":
      return (
        <div className="flex flex-col items-start gap-2 border-l-4 border-ashwagandha/40 pl-5">
          {block.characterName ? <CharacterInfo name={block.characterName} /> : null}
          <p>{text}</p>
        </div>
      );
    case "plant-wisdom":
      return (
        <div className="flex flex-col items-start gap-3 rounded-card bg-verdant/5 p-6">
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-widest text-verdant uppercase">
            <Leaf className="size-4" aria-hidden /> {t("story.block.plantWisdom")}
          </p>
          {block.plantReference ? <PlantInfo reference={block.plantReference} /> : null}
          <p>{text}</p>
        </div>
      );
    case "cultural-context":
      return (
        <div className="flex flex-col items-start gap-3 rounded-card bg-restore/5 p-6">
          <p className="text-sm font-semibold tracking-widest text-restore uppercase">
            {t("story.block.didYouKnow")}
          </p>
          {block.culturalTerm ? <TermInfo term={block.culturalTerm} /> : null}
          <p>{text}</p>
        </div>
      );
    case "moral-lesson":
      return (
        <div className="rounded-card border-2 border-gold-bright/60 bg-white p-6 text-center">
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-widest text-gold uppercase">
            <Sparkles className="size-4" aria-hidden /> {t("story.block.lessonToKeep")}
          </p>
          <p className="mt-2 font-display text-xl text-forest">{text}</p>
        </div>
      );
    default:
      return <p>{text}</p>;
  }
}
