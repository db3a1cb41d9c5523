import { useState } from "react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../core/account-rules.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

export interface EmailCredentials {
  email: string;
  password: string;
  name?: string;
}

/** Sign In's e-mail and password form: the e-mail field is of e-mail type, the password is required. */
export function SignInForm({
  busy,
  disabled,
  onSubmit,
}: {
  busy: boolean;
  disabled: boolean;
  onSubmit: (c: EmailCredentials) => void;
}) {
  const t = useT();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ email: email.trim(), password });
      }}
    >
      <EmailField
        id="signin-email"
        value={email}
        onChange={setEmail}
        disabled={disabled}
        autoComplete="email webauthn"
      />
      <Field id="signin-password" label={t("auth.field.password")}>
        <input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          required
          disabled={disabled}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClass}
        />
      </Field>
      <p className="-my-2 text-right text-sm">
        {/* The e-mail typed so far goes along in the navigation's state (never in the URL). */}
        <Link
          to="/auth/forgot"
          state={{ email: email.trim() }}
          className="inline-flex min-h-11 items-center font-medium text-forest underline underline-offset-2"
        >
          {t("auth.forgotLink")}
        </Link>
      </p>
      <Button type="submit" fullWidth disabled={disabled} pending={busy} pendingText={t("auth.signingIn")}>
        {t("auth.signIn")}
      </Button>
    </form>
  );
}

/** Sign Up's form: name, e-mail, password (at least 6 characters). */
export function SignUpForm({
  busy,
  disabled,
  onSubmit,
}: {
  busy: boolean;
  disabled: boolean;
  onSubmit: (c: EmailCredentials) => void;
}) {
  const t = useT();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ email: email.trim(), password, name: name.trim() });
      }}
    >
      <Field id="signup-name" label={t("auth.field.name")}>
        <input
          id="signup-name"
          type="text"
          autoComplete="name"
          maxLength={80}
          disabled={disabled}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("auth.field.namePlaceholder")}
          className={inputClass}
        />
      </Field>
      <EmailField id="signup-email" value={email} onChange={setEmail} disabled={disabled} />
      <NewPasswordField id="signup-password" value={password} onChange={setPassword} disabled={disabled} />
      <Button
        type="submit"
        fullWidth
        disabled={disabled}
        pending={busy}
        pendingText={t("auth.creatingAccount")}
      >
        {t("auth.createAccount")}
      </Button>
    </form>
  );
}

/**
 * A field that sets a password (sign-up, reset): the same rules and hint everywhere; `error` (the server's
 * refusal, e.g. a too common password) shows beside it and marks it invalid.
 */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string;
  /** The field's label: "Password" unless given. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string | null;
}) {
  const t = useT();
  return (
    <div className="grid gap-1.5">
      <Field
        id={id}
        label={label ?? t("auth.field.password")}
        hint={t("auth.field.passwordHint", { min: MIN_PASSWORD_LENGTH })}
      >
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} aria-invalid:border-danger`}
        />
      </Field>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The e-mail field the forms share: required, of e-mail type. */
export function EmailField({
  id,
  value,
  onChange,
  disabled,
  autoComplete = "email",
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** Sign-in's field also offers the browser's saved passkeys ("email webauthn": an e-mail field may not say "username", which HTML_CodeSniffer refuses; decision 052). */
  autoComplete?: string;
}) {
  const t = useT();
  return (
    <Field id={id} label={t("auth.field.email")}>
      <input
        id={id}
        type="email"
        autoComplete={autoComplete}
        required
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="you@example.com"
        className={inputClass}
      />
    </Field>
  );
}
