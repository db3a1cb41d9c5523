import { eq, sql } from "drizzle-orm";
import type { ProfileSyncBody, ProfileUpdateBody, ProfileView } from "../../core/contracts/profile.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import type { AuthSession, Identity } from "../context.ts";
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { profiles } from "../db/schema.ts";
import { Forbidden } from "../domain-errors.ts";
import { SESSION_FRESH_SECONDS } from "./auth.ts";

const profileOf = perDatabase((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare("profile_of_user"),
);

/** The stored profile (display name and phone as the user edited them), else the identity's values. */
export async function readProfile(db: Db, session: AuthSession): Promise<ProfileView> {
  const [row] = await profileOf(db).execute({ userId: session.user.id });
  const email = realEmail(session.user.email);
  return {
    id: session.user.id,
    email,
    emailVerified: email !== null && session.user.emailVerified,
    displayName: row?.displayName ?? session.user.name,
    photoURL: row?.photoUrl ?? session.user.image,
    phoneNumber: row?.phoneNumber ?? session.user.phoneNumber,
    memberSince: session.user.createdAt.toISOString(),
  };
}

/** After each sign-in: the profile row follows the session's identity; the body must name the same user. */
export async function syncProfile(db: Db, session: AuthSession, body: ProfileSyncBody): Promise<ProfileView> {
  const emailMismatch = body.email && body.email.toLowerCase() !== session.user.email.toLowerCase();
  if (body.uid !== session.user.id || emailMismatch) {
    throw new Forbidden("identity_mismatch", "The profile does not belong to the signed-in user.");
  }
  await db
    .insert(profiles)
    .values({
      userId: session.user.id,
      email: session.user.email,
      displayName: session.user.name,
      photoUrl: session.user.image,
      phoneNumber: session.user.phoneNumber,
    })
    .onConflictDoUpdate({
      target: profiles.userId,
      // The e-mail and photo follow the identity provider; name and phone stay as the user edited them.
      set: { email: session.user.email, photoUrl: session.user.image, updatedAt: sql`now()` },
    });
  return readProfile(db, session);
}

/** Display name and phone, as the user edits them; changing the phone needs a fresh sign-in. */
export async function updateProfile(
  db: Db,
  identity: Identity,
  session: AuthSession,
  body: ProfileUpdateBody,
  headers: Headers,
): Promise<ProfileView> {
  const current = await readProfile(db, session);
  const phone = body.phoneNumber === undefined ? current.phoneNumber : body.phoneNumber || null;
  const freshSince = Date.now() - SESSION_FRESH_SECONDS * 1000;
  if (phone !== current.phoneNumber && session.session.createdAt.getTime() < freshSince) {
    throw new Forbidden("session_not_fresh", "Please sign in again to change your phone number.");
  }
  await db
    .insert(profiles)
    .values({
      userId: session.user.id,
      email: session.user.email,
      displayName: body.displayName,
      photoUrl: session.user.image,
      phoneNumber: phone,
    })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { displayName: body.displayName, phoneNumber: phone, updatedAt: sql`now()` },
    });
  // The header's avatar reads the session's name: Better Auth updates it (and any cached session).
  if (body.displayName !== session.user.name) {
    await identity.rename(headers, body.displayName);
  }
  return {
    ...current,
    displayName: body.displayName,
    phoneNumber: phone,
  };
}
