/**
 * Whether a review's text reads like a report of an adverse reaction: the owner then reads it as one
 * (21 U.S.C. §379aa-1 asks a distributor to record serious adverse events it learns of, wherever it learns
 * of them). A small word list on purpose: a review flagged by mistake costs the owner one look, a missed
 * one costs a report; the review is published or hidden as any other (decision 044).
 */
const WORDS = [
  "rash",
  "rashes",
  "hives",
  "itch",
  "itchy",
  "itching",
  "nausea",
  "nauseous",
  "nauseated",
  "vomit",
  "vomited",
  "vomiting",
  "threw up",
  "dizzy",
  "dizziness",
  "faint",
  "fainted",
  "palpitation",
  "palpitations",
  "racing heart",
  "heart racing",
  "headache",
  "headaches",
  "migraine",
  "allergic",
  "allergy",
  "swelling",
  "swollen",
  "hospital",
  "hospitalized",
  "emergency room",
  "side effect",
  "side effects",
  "made me sick",
  "reaction",
  "reactions",
  "diarrhea",
  "seizure",
  "chest pain",
  "short of breath",
  "shortness of breath",
  "anaphylaxis",
] as const;

// Whole words or phrases, any case, any run of spaces between the words of a phrase.
const PATTERN = new RegExp(`\\b(?:${WORDS.map((w) => w.replace(/ /g, "\\s+")).join("|")})\\b`, "i");

/** The first reaction word found in the text, or null when it reads like an ordinary review. */
export function reactionWordIn(text: string): string | null {
  const found = PATTERN.exec(text);
  return found ? found[0].toLowerCase().replace(/\s+/g, " ") : null;
}

export function readsLikeReaction(...texts: string[]): boolean {
  return texts.some((t) => reactionWordIn(t) !== null);
}
