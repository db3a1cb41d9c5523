import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// The local OpenID Connect provider the identity journeys sign in with (e2e/oidc-provider.mjs).
const oidcPort = port + 1;

// Run through `npm run test:e2e`, which finds Chromium, picks a free port and builds first.
export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "e2e/.artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      command: "node e2e/oidc-provider.mjs",
      url: `http://localhost:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      command: "node server/index.ts",
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
        LOG_LEVEL: "warn",
        PUBLIC_URL: baseURL,
        DEV_OUTBOX: "true",
        BETTER_AUTH_SECRET: "e2e-secret-for-the-identity-journeys-0123456789",
        OIDC_ISSUER: `http://localhost:${oidcPort}`,
        OIDC_CLIENT_ID: "mana-e2e",
        OIDC_CLIENT_SECRET: "mana-e2e-secret",
        OIDC_NAME: "Local OIDC",
        // A light proof of work keeps the human check quick in the journeys.
        ALTCHA_MAX_NUMBER: "2000",
      },
    },
  ],
});
