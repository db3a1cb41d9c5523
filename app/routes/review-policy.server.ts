import policyText from "../../content/legal/review-policy.md?raw";
import { parseLegalText } from "../../core/legal-text.ts";

/** The review policy from content/legal/review-policy.md (the owner edits the file). */
export function loader() {
  return { blocks: parseLegalText(policyText) };
}
