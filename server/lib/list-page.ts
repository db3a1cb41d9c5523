import { ADMIN_LIST_PAGE_SIZE } from "../../core/contracts/admin-customers.ts";

/**
 * The slice of a dashboard list a page shows: the page asked for, or the last one when it asks past the end
 * (a list always has one page, empty or not), and the rows to skip and take for it.
 */
export function listPage(total: number, asked: number, size: number = ADMIN_LIST_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(asked, pages);
  return { page, pages, limit: size, offset: (page - 1) * size };
}
