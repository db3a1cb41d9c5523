import { createServer } from "node:net";

export const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });

/**
 * A free port for a server a journey starts itself, between 20000 and 32767: below Linux's ephemeral range
 * (32768-60999), so no outgoing connection and no `listen(0)` of another process (the unit tests run
 * alongside the journeys) takes it between this check and the server's start.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (await canListen(port)) return port;
  }
}
