import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuizAnswers } from "../../core/quiz.ts";
import { outbox, quizAnswers } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";

/**
 * The quiz's saved answers (docs/decisions/053-quiz.md): health data kept only with the customer's explicit
 * consent, their own only, read, deleted in one click, in their data export, and gone with the account.
 */
const ANSWERS: QuizAnswers = {
  goals: ["enhanced-focus", "stress-resilience"],
  sleep: "well",
  energy: "afternoon-dip",
  stress: "often",
  training: "rarely",
  takes: [],
  format: "either",
};

describe.each(testDatabases)("saved quiz answers on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());
  const db = () => shop.services.database.db;
  const rowsOf = (userId: string) => db().select().from(quizAnswers).where(eq(quizAnswers.userId, userId));

  it("answers 401 to a guest, and keeps nothing", async () => {
    const guest = new Visitor(shop);
    const saved = await guest.call("POST", "/api/quiz", { answers: ANSWERS, consent: true });
    expect(saved.status).toBe(401);
    expect(saved.body.message).toBe("Please sign in to save your quiz answers to your account.");
    expect((await guest.call("GET", "/api/quiz")).status).toBe(401);
    expect((await guest.call("DELETE", "/api/quiz")).status).toBe(401);
  });

  it.each([
    ["without consent", { answers: ANSWERS }, "consent must be true"],
    ["with consent false", { answers: ANSWERS, consent: false }, "consent must be true"],
    ["with consent 'yes'", { answers: ANSWERS, consent: "yes" }, "consent must be true"],
    ["without answers", { consent: true }, "answers must be the quiz's seven answers"],
    ["with no goal", { answers: { ...ANSWERS, goals: [] }, consent: true }, "answers must be"],
    [
      "with four goals",
      {
        answers: {
          ...ANSWERS,
          goals: ["enhanced-focus", "stress-resilience", "deep-sleep", "muscle-recovery"],
        },
        consent: true,
      },
      "answers must be",
    ],
    [
      "with an unknown goal",
      { answers: { ...ANSWERS, goals: ["flying"] }, consent: true },
      "answers must be",
    ],
    ["with an unknown product", { answers: { ...ANSWERS, takes: [99] }, consent: true }, "answers must be"],
    ["with a wrong sleep", { answers: { ...ANSWERS, sleep: "never" }, consent: true }, "answers must be"],
  ])("refuses a save %s with 400 and says why", async (_name, body, message) => {
    const v = await newCustomer(shop, "quiz-bad");
    const res = await v.call("POST", "/api/quiz", body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_input");
    expect(res.body.message).toContain(message);
    expect(await rowsOf(v.userId as string)).toEqual([]);
  });

  it("refuses a body that is not JSON", async () => {
    const v = await newCustomer(shop, "quiz-bad");
    const res = await v.call("POST", "/api/quiz", "{answers", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid JSON.");
  });

  it("saves with consent, reads them back with what they recommend, replaces them and deletes them", async () => {
    const v = await newCustomer(shop, "quiz");
    expect((await v.call("GET", "/api/quiz")).body).toEqual({ saved: null });
    const saved = await v.call("POST", "/api/quiz", { answers: ANSWERS, consent: true });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("no-store");
    expect(saved.body.saved).toMatchObject({
      answers: ANSWERS,
      // Focus and stress: Korean Ginseng and Ashwagandha, the Focus & Calm Stack.
      products: [
        { id: 1, slug: "korean-ginseng", name: "Korean Ginseng" },
        { id: 3, slug: "ashwagandha", name: "Ashwagandha" },
      ],
      stack: { id: 2, slug: "focus-and-calm" },
      result: { stackId: 2 },
    });
    expect(Date.parse(saved.body.saved.consentedAt)).toBeGreaterThan(Date.now() - 60_000);
    const read = await v.call("GET", "/api/quiz");
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);

    // A second save replaces the first: one row per customer.
    const sleep = { ...ANSWERS, goals: ["deep-sleep"], stress: "rarely" } satisfies QuizAnswers;
    const again = await v.call("POST", "/api/quiz", { answers: sleep, consent: true });
    expect(again.body.saved.answers).toEqual(sleep);
    expect(again.body.saved.stack).toBeNull();
    expect(again.body.saved.products.map((p: { id: number }) => p.id)).toEqual([2]);
    expect(await rowsOf(v.userId as string)).toHaveLength(1);

    const deleted = await v.call("DELETE", "/api/quiz");
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ saved: null });
    expect(await rowsOf(v.userId as string)).toEqual([]);
    expect((await v.call("GET", "/api/quiz")).body).toEqual({ saved: null });
    // Deleting what is not there is not an error.
    expect((await v.call("DELETE", "/api/quiz")).status).toBe(200);
  });

  it("keeps each customer's answers their own", async () => {
    const a = await newCustomer(shop, "quiz-a");
    const b = await newCustomer(shop, "quiz-b");
    await a.call("POST", "/api/quiz", { answers: ANSWERS, consent: true });
    expect((await b.call("GET", "/api/quiz")).body).toEqual({ saved: null });
    // B's delete deletes B's (none), never A's.
    await b.call("DELETE", "/api/quiz");
    expect((await a.call("GET", "/api/quiz")).body.saved.answers).toEqual(ANSWERS);
    expect(await rowsOf(a.userId as string)).toHaveLength(1);
  });

  it("puts them in the customer's data export", async () => {
    const v = await newCustomer(shop, "quiz-export");
    const before = await v.call("GET", "/api/account/export");
    expect(before.body.quizAnswers).toBeNull();
    await v.call("POST", "/api/quiz", { answers: ANSWERS, consent: true });
    const after = await v.call("GET", "/api/account/export");
    expect(after.status).toBe(200);
    expect(after.body.quizAnswers).toEqual({
      answers: ANSWERS,
      consentedAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Another customer's export holds none of them.
    const other = await newCustomer(shop, "quiz-export");
    expect((await other.call("GET", "/api/account/export")).body.quizAnswers).toBeNull();
  });

  it("deletes them with the account", async () => {
    const v = await newCustomer(shop, "quiz-delete");
    const email = `${v.userId}@example.com`;
    await v.call("POST", "/api/quiz", { answers: ANSWERS, consent: true });
    expect(await rowsOf(v.userId as string)).toHaveLength(1);
    expect((await v.call("POST", "/api/account/deletion/code", {})).status).toBe(200);
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, email));
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const done = await v.call("POST", "/api/account/delete", { code });
    expect(done.status).toBe(200);
    expect(await rowsOf(v.userId as string)).toEqual([]);
  });
});
