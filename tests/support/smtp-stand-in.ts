import { SMTPServer } from "smtp-server";

/** A real SMTP server on a free local port that keeps every message it receives (raw text, in order). */
export class SmtpStandIn {
  readonly received: string[] = [];
  #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData: (stream, _session, callback) => {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        this.received.push(raw);
        callback();
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.#server.server.address() as { port: number }).port}`;
  }

  stop(): Promise<void> {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
