import pg from "pg";

/** What a listener is handed: a payload, or null after a lost connection came back (some may be missed). */
export type OnNotification = (payload: string | null) => void;

/**
 * LISTEN on a connection of its own (a session: not through a transaction-pooling proxy). A lost
 * connection is opened again, 1 s later and then up to every 10 s; once back, the listener is told that it
 * may have missed announcements (payload null).
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotification: OnNotification,
): Promise<{ stop(): Promise<void> }> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: "mana-listen" });
    c.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload ?? "");
    });
    const lost = () => {
      if (client !== c || stopped) return;
      client = null;
      c.end().catch(() => {});
      schedule(1000);
    };
    c.on("error", lost);
    c.on("end", lost);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    client = c;
  };

  const schedule = (ms: number) => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => onNotification(null),
        () => schedule(Math.min(ms * 2, 10_000)),
      );
    }, ms);
    retry.unref();
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
