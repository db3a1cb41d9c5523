import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A passkey authenticator in software, for the API tests: it answers the WebAuthn ceremonies the shop's
 * passkey routes start (registration with "none" attestation, then assertions), as a browser's platform
 * authenticator would, with a P-256 key. The journeys use Chromium's own virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The subset of CBOR (RFC 8949) that attestation objects and COSE keys use. */
function cbor(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") {
    const s = Buffer.from(v, "utf8");
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const parts: Buffer[] = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export function newSoftPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { credentialId: randomBytes(16), privateKey, publicKey, counter: 0 };
}

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
function authData(rpID: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** The browser's answer to registration options (`navigator.credentials.create`), as JSON. */
export function registrationResponse(
  key: SoftPasskey,
  options: { challenge: string; rp: { id: string } },
  origin: string,
) {
  const jwk = key.publicKey.export({ format: "jwk" });
  const cose = new Map<number, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x as string, "base64url")],
    [-3, Buffer.from(jwk.y as string, "base64url")],
  ]);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, key.credentialId, cbor(cose)]);
  const clientData = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin });
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData(options.rp.id, 0x45, 0, attested)],
    ]),
  );
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: "public-key",
    response: {
      clientDataJSON: b64url(Buffer.from(clientData)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
}

/** The browser's answer to authentication options (`navigator.credentials.get`), as JSON. */
export function authenticationResponse(
  key: SoftPasskey,
  options: { challenge: string; rpId?: string },
  origin: string,
  rpID = options.rpId ?? "localhost",
) {
  key.counter += 1;
  const data = authData(rpID, 0x05, key.counter);
  const clientData = Buffer.from(
    JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin }),
  );
  const signature = sign("sha256", Buffer.concat([data, sha256(clientData)]), key.privateKey);
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(data),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
  };
}
