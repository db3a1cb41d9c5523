import { eq } from "drizzle-orm";
import { sessionUserOf } from "../../server/auth/identity.ts";
import type { LimitStore } from "../../server/auth/limit-store.ts";
import type { AuthSession, Identity } from "../../server/context.ts";
import type { Db } from "../../server/db/client.ts";
import { user } from "../../server/db/schema.ts";

/**
 * The test implementation of the shop's `Identity`: the signed-in user is whoever `userIdOf` names in a
 * request's headers (nobody by default), read from the test database; no sign-in routes are offered, no
 * reset or verification token is valid, and no rate limit refuses anything (the tests of limits run the real
 * identity: `createTestShop(kind, { auth: true })`). `db` is asked for when first needed, so a shop can hand
 * it its own database after it is created.
 */
export function testIdentity(
  db: () => Db,
  userIdOf: (headers: Headers) => string | null = () => null,
): Identity {
  async function getSession(headers: Headers): Promise<AuthSession | null> {
    const id = userIdOf(headers);
    if (!id) return null;
    const [row] = await db().select().from(user).where(eq(user.id, id));
    if (!row) return null;
    return {
      user: sessionUserOf(row),
      // A session as old as the account: the test identity never signs anyone in afresh.
      session: { id: `test-${row.id}`, createdAt: new Date(row.createdAt), expiresAt: new Date(8.64e15) },
    };
  }
  return {
    getSession,
    async getUser(headers) {
      const s = await getSession(headers);
      return s ? { id: s.user.id, email: s.user.email, name: s.user.name } : null;
    },
    providers: { google: false, github: false, twitter: false, apple: false, oidc: null },
    limits: unlimited(),
    resetTokenUsable: async () => false,
    verifyEmail: async () => "invalid",
    async rename(headers, name) {
      const id = userIdOf(headers);
      if (id) await db().update(user).set({ name }).where(eq(user.id, id));
    },
    // No account of the test identity has a password, and it keeps no sessions of its own.
    checkPassword: async () => null,
    endSessions: async () => {},
    setPassword: async () => {},
    endOtherSessions: async () => {},
    emailChangeToken: async () => "",
    frontDoor: null,
    close: async () => {},
  };
}

/** Counts nothing and refuses nothing; a claim is still single-use within its time. */
function unlimited(): LimitStore {
  const claimed = new Map<string, number>();
  return {
    kind: "unlimited",
    consume: async () => ({ allowed: true, retryAfter: null }),
    refund: async () => {},
    async claimOnce(key, ttlSeconds) {
      const now = Date.now();
      if ((claimed.get(key) ?? 0) > now) return false;
      claimed.set(key, now + ttlSeconds * 1000);
      return true;
    },
  };
}
