// A local OpenID Connect provider for the identity journeys (oauth2-mock-server): it signs real
// tokens and answers the authorization-code flow at once, as the user "Olivia Oidc".
import { Events, OAuth2Server } from "oauth2-mock-server";

const port = Number(process.env.OIDC_PORT ?? 3399);
const user = {
  sub: "oidc-olivia",
  email: process.env.OIDC_EMAIL ?? "olivia.oidc@example.com",
  email_verified: true,
  name: "Olivia Oidc",
};

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on(Events.BeforeTokenSigning, (token) => {
  Object.assign(token.payload, user);
});
server.service.on(Events.BeforeUserinfo, (res) => {
  res.body = { ...user };
});
await server.start(port, "127.0.0.1");
console.log(`OIDC provider at ${server.issuer.url}`);
const stop = () => server.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
