import { fromPglite, PgBoss } from "pg-boss";
import type { Logger } from "pino";
import { deliverDueGiftCards } from "../balances/issue-gift-cards.ts";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { purgePendingOrders } from "../orders/purge-pending.ts";
import { settleDueReferrals } from "../promotions/referrals.ts";
import { startProviderSubscriptions } from "../subscriptions/provider-billing.ts";
import { runDueSubscriptions } from "../subscriptions/run-due.ts";

/**
 * The shop's scheduled jobs, run by pg-boss in the shop's own database (docs/decisions/015-scheduled-jobs.md):
 * each cron tick becomes one job, and each job is handed to one worker, so with several app processes on
 * one PostgreSQL a job runs once; on the embedded database the one process runs them. The jobs are also
 * safe to run twice (renewals are unique per subscription and date; the purge only cancels what is still
 * pending), so a retry after a crash never charges or cancels twice.
 */
export const JOBS = {
  /** Renewals, retries of failed renewals, reminders and the end of timed pauses. */
  subscriptions: { name: "subscriptions-run-due", cron: "*/10 * * * *" },
  /** Checkouts never paid, cancelled after PENDING_ORDER_MAX_AGE_DAYS. */
  purge: { name: "orders-purge-pending", cron: "17 * * * *" },
  /** Gift cards sent on their day (server/balances/issue-gift-cards.ts). */
  giftCards: { name: "gift-cards-deliver", cron: "*/10 * * * *" },
  /** Referrals credited 30 days after the friend's delivery, or voided (server/promotions/referrals.ts). */
  referrals: { name: "referrals-settle", cron: "41 * * * *" },
} as const;

export interface Scheduler {
  /** Runs a job now (on whichever process's worker takes it), as its schedule would. */
  runNow(job: keyof typeof JOBS): Promise<void>;
  stop(): Promise<void>;
}

export async function startScheduler(services: AppServices, logger: Logger): Promise<Scheduler> {
  const { jobs } = services.database;
  const boss =
    jobs.kind === "postgres"
      ? new PgBoss({ connectionString: jobs.url, schema: "pgboss", max: 2, application_name: "mana-jobs" })
      : new PgBoss({ db: fromPglite(jobs.client), backend: "pglite", schema: "pgboss" });
  boss.on("error", (err) => logger.warn({ err }, "job scheduler error; it carries on"));
  await boss.start();

  const handlers: Record<keyof typeof JOBS, () => Promise<unknown>> = {
    subscriptions: async () => {
      const started = await startProviderSubscriptions(shopDeps(services));
      if (started.started + started.failed > 0) logger.info(started, "subscriptions: started with Stripe");
      const report = await runDueSubscriptions(shopDeps(services));
      if (report.renewed + report.failed + report.cancelled + report.reminded + report.resumed > 0)
        logger.info(report, "subscriptions: due work done");
    },
    giftCards: async () => {
      const delivered = await deliverDueGiftCards(shopDeps(services));
      if (delivered > 0) logger.info({ delivered }, "gift cards delivered");
    },
    referrals: async () => {
      const settled = await settleDueReferrals(shopDeps(services));
      if (settled.credited + settled.voided > 0) logger.info(settled, "referrals settled");
    },
    purge: async () => {
      const purged = await purgePendingOrders(services.database.db, services.env.PENDING_ORDER_MAX_AGE_DAYS);
      if (purged.length)
        logger.info(
          { count: purged.length, orders: purged.slice(0, 50) },
          "abandoned pending orders cancelled",
        );
    },
  };

  for (const [key, job] of Object.entries(JOBS) as [keyof typeof JOBS, (typeof JOBS)[keyof typeof JOBS]][]) {
    await boss.createQueue(job.name, { policy: "singleton", retryLimit: 3, retryDelay: 60 });
    await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    await boss.work(job.name, async () => {
      await handlers[key]();
    });
  }

  return {
    async runNow(job) {
      await boss.send(JOBS[job].name, {});
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
