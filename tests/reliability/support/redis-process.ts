import { type ChildProcess, spawn } from "node:child_process";
import { createServer, Socket } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
    s.connect(port, "127.0.0.1");
  });
}

/** A private redis-server on its own port, so a test can stop and restart it without touching others. */
export class RedisProcess {
  private child: ChildProcess | null = null;
  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
      ],
      { stdio: "ignore" },
    );
    for (let i = 0; i < 100 && !(await listening(this.port)); i++)
      await new Promise((r) => setTimeout(r, 50));
    if (!(await listening(this.port))) throw new Error(`redis-server did not start on ${this.port}`);
    return this;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }
}
