import { BlockList, isIP } from "node:net";
import type { Context } from "hono";

/** Which proxies may tell us the client's address (TRUSTED_PROXIES: IPs or CIDR ranges). */
export function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, prefix] = entry.split("/");
    const family = isIP(addr ?? "") === 6 ? "ipv6" : "ipv4";
    if (!addr || !isIP(addr))
      throw new Error(`TRUSTED_PROXIES: '${entry}' is not an IP address or CIDR range`);
    if (prefix === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(prefix), family);
  }
  return list;
}

const normalise = (ip: string) => (ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function isTrusted(list: BlockList, ip: string): boolean {
  const v = isIP(ip);
  return v !== 0 && list.check(ip, v === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy, in which case
 * X-Forwarded-For is walked from the right past every trusted hop: the header is believed only from
 * configured proxies, so a client cannot pick its own rate-limit bucket.
 */
export function clientIp(c: Context, proxies: BlockList): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  // In-process requests (app.request in tests) have no socket: they come from this machine.
  const peer = normalise(incoming?.socket?.remoteAddress ?? "127.0.0.1");
  if (!isTrusted(proxies, peer)) return peer;
  const hops = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!isIP(hop)) return peer;
    if (!isTrusted(proxies, hop)) return hop;
  }
  return peer;
}
