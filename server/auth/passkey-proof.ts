import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { passkey, verification } from "../db/schema.ts";

/**
 * A passkey as the proof of a sensitive action (docs/decisions/052-passkeys.md), in place of the password:
 * the customer's own passkeys are asked for a signature over a challenge kept here for five minutes, used
 * once. It opens no session (a sign-in with the plugin would). The relying party and origin are the shop's
 * (`origin`, from PUBLIC_URL), as for the plugin's ceremonies (server/auth/auth.ts passkeyParty).
 */
const PROOF_SECONDS = 5 * 60;
/**
 * What a proof is for: deleting the account, or changing its password or e-mail. Each has its own
 * challenge, so asking for one does not use up the other's.
 */
export type ProofPurpose = "delete" | "change";
const identifierOf = (userId: string, purpose: ProofPurpose) =>
  purpose === "delete" ? `passkey-proof:${userId}` : `passkey-proof:${purpose}:${userId}`;

/** Options for the browser's `navigator.credentials.get`, or null when the account has no passkey. */
export async function passkeyProofOptions(
  db: DbOrTx,
  origin: string,
  userId: string,
  purpose: ProofPurpose = "delete",
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows = await db
    .select({ credentialID: passkey.credentialID, transports: passkey.transports })
    .from(passkey)
    .where(eq(passkey.userId, userId));
  if (rows.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: new URL(origin).hostname,
    userVerification: "required",
    allowCredentials: rows.map((r) => ({
      id: r.credentialID,
      transports: r.transports ? (r.transports.split(",") as AuthenticatorTransportFuture[]) : undefined,
    })),
  });
  await db.delete(verification).where(eq(verification.identifier, identifierOf(userId, purpose)));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(userId, purpose),
    value: options.challenge,
    expiresAt: new Date(Date.now() + PROOF_SECONDS * 1000),
  });
  return options;
}

/**
 * Whether `response` is a signature by one of the customer's own passkeys over the challenge last given
 * to them (which it uses up, right or wrong). The passkey's counter moves on, as at a sign-in.
 */
export async function checkPasskeyProof(
  db: DbOrTx,
  origin: string,
  userId: string,
  response: unknown,
  purpose: ProofPurpose = "delete",
): Promise<boolean> {
  const [challenge] = await db
    .delete(verification)
    .where(
      and(eq(verification.identifier, identifierOf(userId, purpose)), gt(verification.expiresAt, new Date())),
    )
    .returning({ value: verification.value });
  const answer = response as AuthenticationResponseJSON;
  if (!challenge || typeof answer?.id !== "string") return false;
  const [key] = await db
    .select()
    .from(passkey)
    .where(and(eq(passkey.credentialID, answer.id), eq(passkey.userId, userId)));
  if (!key) return false;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge.value,
      expectedOrigin: new URL(origin).origin,
      expectedRPID: new URL(origin).hostname,
      credential: {
        id: key.credentialID,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64")),
        counter: key.counter,
        transports: key.transports
          ? (key.transports.split(",") as AuthenticatorTransportFuture[])
          : undefined,
      },
      requireUserVerification: true,
    });
    if (!verified) return false;
    await db.update(passkey).set({ counter: authenticationInfo.newCounter }).where(eq(passkey.id, key.id));
    return true;
  } catch {
    // A malformed answer, another origin, a wrong signature: not a proof.
    return false;
  }
}
