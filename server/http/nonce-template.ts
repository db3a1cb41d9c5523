import { constants, crc32, deflateRawSync } from "node:zlib";
import { NONCE_PLACEHOLDER } from "./security-headers.ts";

/**
 * A cached answer whose CSP nonce is swapped per response (decisions 003 and 006). Gzip variants are built
 * so the placeholder stays readable in the compressed bytes: the text between placeholders is deflated
 * in flushed pieces and each placeholder sits in a stored (uncompressed) block. A hit copies the bytes,
 * writes the nonce at the known offsets and, for gzip, recomputes the trailer's CRC-32: no recompression.
 */
export interface NonceTemplate {
  encoding: "gzip" | "identity";
  body: Buffer;
  /** Where the placeholder starts in `body`. Empty: the body is served as is. */
  offsets: number[];
  /** Gzip only: the uncompressed text between placeholders, for the CRC-32 of each answer. */
  pieces?: Buffer[];
}

const PLACEHOLDER = Buffer.from(NONCE_PLACEHOLDER);
const LEN = PLACEHOLDER.length;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

function split(plain: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = plain.indexOf(PLACEHOLDER); at !== -1; at = plain.indexOf(PLACEHOLDER, from)) {
    pieces.push(plain.subarray(from, at));
    from = at + LEN;
  }
  pieces.push(plain.subarray(from));
  return pieces;
}

export function buildTemplate(plain: Buffer, encoding: "gzip" | "identity"): NonceTemplate {
  const pieces = split(plain);
  if (encoding === "identity") {
    const offsets: number[] = [];
    let at = 0;
    for (const piece of pieces.slice(0, -1)) {
      at += piece.length;
      offsets.push(at);
      at += LEN;
    }
    return { encoding, body: plain, offsets };
  }
  const parts: Buffer[] = [GZIP_HEADER];
  const offsets: number[] = [];
  let size = GZIP_HEADER.length;
  const push = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  pieces.forEach((piece, i) => {
    // A sync flush ends byte-aligned, so a stored block can follow; each piece starts a fresh stream.
    if (piece.length) push(deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
    if (i < pieces.length - 1) {
      push(Buffer.from([0, LEN & 0xff, LEN >> 8, ~LEN & 0xff, (~LEN >> 8) & 0xff]));
      offsets.push(size);
      push(PLACEHOLDER);
    }
  });
  push(Buffer.from([1, 0, 0, 0xff, 0xff])); // the final, empty stored block
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  push(trailer);
  return { encoding, body: Buffer.concat(parts, size), offsets, pieces };
}

/**
 * The template's bytes as the pieces to write in order, `nonce` between them: views into the stored body
 * (no copy of the page), the nonce, and for gzip a fresh 8-byte trailer. Their lengths add up to
 * `t.body.length`; concatenated they equal fillTemplate(t, nonce).
 */
export function templateChunks(t: NonceTemplate, nonce: string): Buffer[] {
  if (t.offsets.length === 0) return [t.body];
  const value = Buffer.from(nonce, "latin1");
  const end = t.pieces ? t.body.length - 8 : t.body.length;
  const chunks: Buffer[] = [];
  let from = 0;
  for (const at of t.offsets) {
    chunks.push(t.body.subarray(from, at), value);
    from = at + LEN;
  }
  chunks.push(t.body.subarray(from, end));
  if (t.pieces) {
    let crc = 0;
    t.pieces.forEach((piece, i) => {
      crc = crc32(piece, crc);
      if (i < t.offsets.length) crc = crc32(value, crc);
    });
    const trailer = Buffer.from(t.body.subarray(end));
    trailer.writeUInt32LE(crc >>> 0, 0);
    chunks.push(trailer);
  }
  return chunks;
}

/** The template's bytes with `nonce` in every slot (the body itself when there is no slot). */
export function fillTemplate(t: NonceTemplate, nonce: string): Buffer {
  if (t.offsets.length === 0) return t.body;
  const out = Buffer.from(t.body);
  for (const at of t.offsets) out.write(nonce, at, LEN, "latin1");
  if (t.pieces) {
    let crc = 0;
    t.pieces.forEach((piece, i) => {
      crc = crc32(piece, crc);
      if (i < t.offsets.length) crc = crc32(nonce, crc);
    });
    out.writeUInt32LE(crc >>> 0, out.length - 8);
  }
  return out;
}
