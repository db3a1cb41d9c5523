/** The profile calls' wire contract: POST /api/auth/sync-user and PUT /api/auth/profile. */
import { z } from "zod";
import { E164 } from "../phone.ts";

/** The profile as the sync call returns it. */
export interface ProfileView {
  id: string;
  /** Null for an account created by phone sign-in: its stored placeholder is never an e-mail to show. */
  email: string | null;
  /** Whether the owner of `email` has confirmed it (the verification link); false when there is no e-mail. */
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  memberSince: string;
}

const optionalText = z.string().max(2000).nullish();
export const profileSyncBody = z.object({
  uid: z.string().min(1).max(200),
  email: z.string().max(320).nullish(),
  displayName: optionalText,
  photoURL: optionalText,
  phoneNumber: optionalText,
  idToken: z.string().max(10_000).nullish(),
});

export const profileUpdateBody = z.strictObject({
  displayName: z
    .string()
    .trim()
    .min(1, "Display name is required")
    .max(80, "Display name must be at most 80 characters"),
  phoneNumber: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || E164.test(v),
      "Phone number must be in international format, e.g. +15550000000",
    )
    .nullish(),
});

export type ProfileSyncBody = z.infer<typeof profileSyncBody>;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
