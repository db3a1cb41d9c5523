import { Hono } from "hono";
import type { AppServices } from "../context.ts";

export function productsApi(services: AppServices) {
  return new Hono().get("/", async (c) => c.json(await services.catalogue.list()));
}
