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

/**
 * On the embedded database every statement waits its turn on the database's one thread (decision 041), and
 * pg-boss's default timers (each worker fetching every 2 s, the cron and flow checks every 5 s, maintenance
 * every minute) were half of an idle shop's CPU. The jobs are due every ten minutes at most and `runNow`
 * wakes its worker itself, so the embedded shop checks every 30 s (decision 056).
 */
const EMBEDDED_CHECK_SECONDS = 30;
const EMBEDDED_TIMERS = {
  cronWorkerIntervalSeconds: EMBEDDED_CHECK_SECONDS,
  flowIntervalSeconds: EMBEDDED_CHECK_SECONDS,
  // Maintenance (expiring, archiving, the queues' counts) every 10 minutes instead of every minute; the
  // vacuum and index-bloat checks are for a shared server's tables, not a small file on one machine.
  superviseIntervalSeconds: 600,
  monitorIntervalSeconds: 600,
  queueCacheIntervalSeconds: 600,
  monitorVacuum: false,
  reindex: false,
} as const;

export interface Scheduler {
  /** Runs a job now (on whichever process's worker takes it), as its schedule would. */
  runNow(job: keyof typeof JOBS): Promise<void>;
  stop(): Promise<void>;
}

export async function startScheduler(services: AppServices, logger: Logger): Promise<Scheduler> {
  const { jobs } = services.database;
  const embedded = jobs.kind === "pglite";
  const boss = embedded
    ? new PgBoss({ db: fromPglite(jobs.client), backend: "pglite", schema: "pgboss", ...EMBEDDED_TIMERS })
    : new PgBoss({ connectionString: jobs.url, schema: "pgboss", max: 2, application_name: "mana-jobs" });
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

  const workOptions = embedded ? { pollingIntervalSeconds: EMBEDDED_CHECK_SECONDS } : {};
  const workers = {} as Record<keyof typeof JOBS, string>;
  for (const [key, job] of Object.entries(JOBS) as [keyof typeof JOBS, (typeof JOBS)[keyof typeof JOBS]][]) {
    await boss.createQueue(job.name, { policy: "singleton", retryLimit: 3, retryDelay: 60 });
    await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    workers[key] = await boss.work(job.name, workOptions, async () => {
      await handlers[key]();
    });
  }

  return {
    async runNow(job) {
      await boss.send(JOBS[job].name, {});
      // This process's worker fetches it now rather than at its next poll (another process's may be first).
      boss.notifyWorker(workers[job]);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
