import Leaf from "lucide-react/icons/leaf";
import Sparkles from "lucide-react/icons/sparkles";
import {
  lookupCharacter,
  lookupCulturalTerm,
  lookupPlant,
  personalize,
  type StoryBlock,
} from "../../../core/story.ts";
import { InfoBox, InfoRow } from "./info-box.tsx";

function CharacterInfo({ name }: { name: string }) {
  const c = lookupCharacter(name);
  return (
    <InfoBox label={name} title={name} accent="#8E4A32">
      <span className="block font-display text-lg text-forest">{c.name}</span>
      {c.pronunciation ? <InfoRow term="Pronunciation">{c.pronunciation}</InfoRow> : null}
      {c.culture ? <InfoRow term="Origin">{c.culture}</InfoRow> : null}
      <InfoRow term="Who they are">{c.description}</InfoRow>
    </InfoBox>
  );
}

function TermInfo({ term }: { term: string }) {
  const t = lookupCulturalTerm(term);
  return (
    <InfoBox label={term} title={term} accent="#3B3F7A">
      <span className="block font-display text-lg text-forest">{t.term}</span>
      {t.pronunciation ? <InfoRow term="Pronunciation">{t.pronunciation}</InfoRow> : null}
      <InfoRow term="Meaning">{t.meaning}</InfoRow>
      {t.explanation ? <InfoRow term="The story of the word">{t.explanation}</InfoRow> : null}
      {t.origin ? <InfoRow term="Origin">{t.origin}</InfoRow> : null}
    </InfoBox>
  );
}

function PlantInfo({ reference }: { reference: string }) {
  const p = lookupPlant(reference);
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
      <InfoRow term="Where it comes from">{p.culturalOrigin}</InfoRow>
      <InfoRow term="Traditional use">{p.traditionalUse}</InfoRow>
      <InfoRow term="What science says">{p.modernScience}</InfoRow>
      <InfoRow term="Fun fact">{p.funFact}</InfoRow>
      <InfoRow term="Life lesson">{p.moralLesson}</InfoRow>
    </InfoBox>
  );
}

/** One block of a story with `{childName}` replaced. */
export function StoryBlockView({ block, childName }: { block: StoryBlock; childName: string | null }) {
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
            <Leaf className="size-4" aria-hidden /> Plant wisdom
          </p>
          {block.plantReference ? <PlantInfo reference={block.plantReference} /> : null}
          <p>{text}</p>
        </div>
      );
    case "cultural-context":
      return (
        <div className="flex flex-col items-start gap-3 rounded-card bg-restore/5 p-6">
          <p className="text-sm font-semibold tracking-widest text-restore uppercase">Did you know?</p>
          {block.culturalTerm ? <TermInfo term={block.culturalTerm} /> : null}
          <p>{text}</p>
        </div>
      );
    case "moral-lesson":
      return (
        <div className="rounded-card border-2 border-gold-bright/60 bg-white p-6 text-center">
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-widest text-gold uppercase">
            <Sparkles className="size-4" aria-hidden /> A lesson to keep
          </p>
          <p className="mt-2 font-display text-xl text-forest">{text}</p>
        </div>
      );
    default:
      return <p>{text}</p>;
  }
}
