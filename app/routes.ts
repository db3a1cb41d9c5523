import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the route table in the product spec, point 2.
export default [index("routes/home.tsx"), route("*", "routes/not-found.tsx")] satisfies RouteConfig;
