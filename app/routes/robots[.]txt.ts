export { loader } from "./robots[.]txt.server.ts";
