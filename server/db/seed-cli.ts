import { parseEnv } from "../env.ts";
import { openDatabase } from "./client.ts";
import { exitIfDataDirInUse } from "./data-dir-lock.ts";
import { seed } from "./seed.ts";

const env = parseEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
  exitIfDataDirInUse,
);
const counts = await seed(database.db);
console.log(`Seeded ${JSON.stringify(counts)} into ${database.kind}.`);
await database.close();
