/**
 * What a page's action answers when a form cannot go through: a message per field (by the field's name) and
 * `form` for one that belongs to no field (the rules refused the change, the provider did not answer). The
 * page shows each beside its field; nothing is kept in the browser but the fields' own values.
 */
export type FormErrors = Partial<Record<string, string>> & { form?: string };

/** A dashboard action's answer: which of the page's forms posted (`intent`), and its errors if it failed. */
export interface FormAnswer {
  intent: string;
  errors: FormErrors | null;
  /** The form went through but asked for nothing new (every value was already so). */
  unchanged?: boolean;
}
