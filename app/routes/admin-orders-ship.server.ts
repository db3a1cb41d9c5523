import { data } from "react-router";
import { CARRIER_NAMES } from "../../core/carriers.ts";
import {
  SHIP_CSV_MAX_BYTES,
  type ShipCsvProblem,
  type ShipCsvResponse,
} from "../../core/contracts/admin-orders.ts";
import { shopOrigin } from "../../server/http/shop-origin.ts";
import { shipFromCsv } from "../../server/orders/ship-from-csv.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore, refuseCrossSite } from "../session.server.ts";
import type { Route } from "./+types/admin-orders-ship";

export const headers: Route.HeadersFunction = () => noStore;

/** The file and the multipart envelope around it; pages have no body limit of their own, so this is it. */
const UPLOAD_LIMIT = SHIP_CSV_MAX_BYTES + 16 * 1024;
const TOO_LARGE = `The file is larger than ${SHIP_CSV_MAX_BYTES / 1024} KB: split it into smaller files.`;

export type ShipPageResult =
  | { kind: "error"; message: string }
  | { kind: "refused"; fileName: string; problems: ShipCsvProblem[] }
  | { kind: "done"; fileName: string; result: ShipCsvResponse };

/** The form's fields, or null when the upload is larger than UPLOAD_LIMIT (read no further than that). */
async function readUpload(request: Request): Promise<FormData | null> {
  if (Number(request.headers.get("content-length") ?? 0) > UPLOAD_LIMIT) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > UPLOAD_LIMIT) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const type = request.headers.get("content-type") ?? "";
  return new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
}

/** /admin/orders/ship: the format and the form; the same permission as shipping one order. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await dashboardPage(context, request, { order: ["fulfil"] });
  return data({ carriers: [...CARRIER_NAMES] }, { headers: noStore });
}

/** A multipart upload of one CSV file (so it works without JavaScript), shipped as the API ships it. */
export async function action({ context, request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const { services, user } = await dashboardPage(context, request, { order: ["fulfil"] });
  const answer = (result: ShipPageResult, status = 200) => data(result, { status, headers: noStore });

  let form: FormData | null;
  try {
    form = await readUpload(request);
  } catch {
    return answer({ kind: "error", message: "The upload could not be read. Choose the file again." }, 400);
  }
  if (!form) return answer({ kind: "error", message: TOO_LARGE }, 413);
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name))
    return answer({ kind: "error", message: "Choose a CSV file to ship from." }, 400);
  const fileName = file.name.slice(0, 120) || "The file";

  const shipped = await shipFromCsv(
    { db: services.database.db, mailer: services.mailer, origin: shopOrigin(services.env) },
    await file.text(),
    { userId: user.id, email: user.email },
  );
  return shipped.kind === "refused"
    ? answer({ kind: "refused", fileName, problems: shipped.problems }, 400)
    : answer({ kind: "done", fileName, result: shipped.result });
}
