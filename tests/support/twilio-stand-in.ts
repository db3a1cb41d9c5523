import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local HTTP server standing in for Twilio's Messages API (the shop's sender is pointed at it
 * with TWILIO_API_URL). It speaks the one call the shop makes, as Twilio documents it:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth (Account SID : Auth Token), a
 * form body with To, From and Body; 201 with the message resource, or Twilio's error JSON. `mode` makes
 * it refuse (400, as for an unreachable number), fail (500) or hang.
 */
export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}
export type TwilioMode = "ok" | "400" | "500" | "hang";

export class TwilioStandIn {
  readonly requests: TwilioRequest[] = [];
  mode: TwilioMode = "ok";
  private server: Server | null = null;
  private hanging: ServerResponse[] = [];

  readonly accountSid = "AC0123456789abcdef0123456789abcdef";
  readonly authToken = "stand-in-auth-token-0123456789ab";
  readonly from = "+15005550006";

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    return this;
  }

  get url(): string {
    if (!this.server) throw new Error("the Twilio stand-in is not started");
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** What the shop's environment needs to send through this stand-in. */
  env(): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID: this.accountSid,
      TWILIO_AUTH_TOKEN: this.authToken,
      TWILIO_FROM: this.from,
      TWILIO_API_URL: this.url,
    };
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging = [];
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    this.requests.push({
      method: req.method ?? "",
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))),
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return error(404, 20404, "The requested resource was not found");
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString("base64")}`;
    if (
      req.headers.authorization !== expected ||
      decodeURIComponent(match[1] as string) !== this.accountSid
    ) {
      return error(401, 20003, "Authenticate");
    }
    if (this.mode === "hang") {
      this.hanging.push(res);
      return;
    }
    if (this.mode === "500") return error(500, 20500, "Internal Server Error");
    const form = this.requests.at(-1)?.form ?? {};
    if (this.mode === "400" || !form.To || !form.From || !form.Body) {
      return error(400, 21211, `The 'To' number ${form.To ?? ""} is not a valid phone number.`);
    }
    const sid = `SM${Math.random().toString(16).slice(2).padEnd(32, "0").slice(0, 32)}`;
    return send(201, {
      sid,
      account_sid: this.accountSid,
      to: form.To,
      from: form.From,
      body: form.Body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      api_version: "2010-04-01",
      uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
    });
  }
}
