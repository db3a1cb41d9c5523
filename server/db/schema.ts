import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The catalogue. Money is integer cents (ARCHITECTURE.md, "Money"). */
export const products = pgTable("products", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  tagline: text("tagline").notNull(),
  description: text("description").notNull(),
  priceCents: integer("price_cents").notNull(),
  /** Percent off for subscription lines; null means the shop default (15). */
  subscriptionDiscount: integer("subscription_discount"),
  benefits: jsonb("benefits").$type<string[]>().notNull(),
  category: text("category").notNull(),
  packageSize: text("package_size").notNull(),
  imageUrl: text("image_url").notNull(),
  accent: text("accent").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export type ProductRow = typeof products.$inferSelect;
