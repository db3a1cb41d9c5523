export { loader } from "./sitemap[.]xml.server.ts";
