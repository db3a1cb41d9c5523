/** A passkey as the account's Passkeys card shows it (docs/decisions/052-passkeys.md): never its key. */
export interface PasskeyView {
  id: string;
  name: string | null;
  /** ISO 8601. */
  createdAt: string;
}
