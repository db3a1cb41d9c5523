import { useState } from "react";
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
      <EmailField id="signin-email" value={email} onChange={setEmail} disabled={disabled} />
      <Field id="signin-password" label="Password">
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
      <Button type="submit" fullWidth disabled={disabled} pending={busy} pendingText="Signing in...">
        Sign In
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
      <Field id="signup-name" label="Full Name">
        <input
          id="signup-name"
          type="text"
          autoComplete="name"
          maxLength={80}
          disabled={disabled}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Your name"
          className={inputClass}
        />
      </Field>
      <EmailField id="signup-email" value={email} onChange={setEmail} disabled={disabled} />
      <Field id="signup-password" label="Password" hint="At least 6 characters">
        <input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          maxLength={128}
          aria-describedby="signup-password-hint"
          disabled={disabled}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClass}
        />
      </Field>
      <Button type="submit" fullWidth disabled={disabled} pending={busy} pendingText="Creating account...">
        Create Account
      </Button>
    </form>
  );
}

/** The e-mail field both forms share: required, of e-mail type. */
function EmailField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <Field id={id} label="Email">
      <input
        id={id}
        type="email"
        autoComplete="email"
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
