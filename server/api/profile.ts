import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { realEmail } from "../../core/placeholder-email.ts";
import { SESSION_FRESH_SECONDS } from "../auth/auth.ts";
import type { AuthIdentity, AuthSession } from "../auth/identity.ts";
import { E164 } from "../auth/phone.ts";
import type { AppServices } from "../context.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { ApiError } from "../http/api-error.ts";
import { readJsonBody } from "../http/validate.ts";

/** The profile as the sync call returns it (spec points 3 and 7). */
export interface ProfileView {
  id: string;
  /** Null for an account created by phone sign-in: its stored placeholder is never an e-mail to show. */
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  memberSince: string;
}

const optionalText = z.string().max(2000).nullish();
const syncSchema = z.object({
  uid: z.string().min(1).max(200),
  email: z.string().max(320).nullish(),
  displayName: optionalText,
  photoURL: optionalText,
  phoneNumber: optionalText,
  idToken: z.string().max(10_000).nullish(),
});

const profileSchema = z.strictObject({
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

async function readProfile(db: Db, session: AuthSession): Promise<ProfileView> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, session.user.id)).limit(1);
  return {
    id: session.user.id,
    email: realEmail(session.user.email),
    displayName: row?.displayName ?? session.user.name,
    photoURL: row?.photoUrl ?? session.user.image,
    phoneNumber: row?.phoneNumber ?? session.user.phoneNumber,
    memberSince: session.user.createdAt.toISOString(),
  };
}

/**
 * POST /api/auth/sync-user and PUT /api/auth/profile. Identity comes from the session only
 * (ARCHITECTURE.md, "Identity"); the body's uid and e-mail are checked against it, never trusted.
 */
export function profileApi(services: AppServices, identity: AuthIdentity) {
  const db = services.database.db;

  async function requireSession(c: Context): Promise<AuthSession> {
    const session = await identity.getSession(c.req.raw.headers);
    if (!session) throw new ApiError(401, "unauthorized", "Please sign in to continue.");
    return session;
  }

  return new Hono()
    .post("/sync-user", async (c) => {
      const session = await requireSession(c);
      const body = await readJsonBody(c, syncSchema);
      const emailMismatch = body.email && body.email.toLowerCase() !== session.user.email.toLowerCase();
      if (body.uid !== session.user.id || emailMismatch) {
        throw new ApiError(403, "identity_mismatch", "The profile does not belong to the signed-in user.");
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
      return c.json(await readProfile(db, session));
    })
    .put("/profile", async (c) => {
      const session = await requireSession(c);
      const body = await readJsonBody(c, profileSchema);
      const current = await readProfile(db, session);
      const phone = body.phoneNumber === undefined ? current.phoneNumber : body.phoneNumber || null;
      const freshSince = Date.now() - SESSION_FRESH_SECONDS * 1000;
      if (phone !== current.phoneNumber && session.session.createdAt.getTime() < freshSince) {
        throw new ApiError(403, "session_not_fresh", "Please sign in again to change your phone number.");
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
        await identity.auth.api.updateUser({ headers: c.req.raw.headers, body: { name: body.displayName } });
      }
      return c.json({
        ...current,
        displayName: body.displayName,
        phoneNumber: phone,
      } satisfies ProfileView);
    });
}

export { readProfile };
