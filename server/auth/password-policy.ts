import { readFileSync } from "node:fs";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/account-rules.ts";

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common passwords. Please choose a less predictable one.";

let common: Set<string> | null = null;

/** The 1,000 most common passwords, read once from the shipped list file. */
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
    common = new Set(
      text
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("#")),
    );
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
