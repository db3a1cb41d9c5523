import Lock from "lucide-react/icons/lock";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";

/** What /orders, /wishlist and /preferences show a signed-out visitor: a prompt to sign in. */
export function SignInRequired({ message }: { message?: string }) {
  const t = useT();
  return (
    <section className="container-shop py-16">
      <div className="mx-auto max-w-md rounded-card bg-white p-8 text-center shadow-card">
        <Lock className="mx-auto size-10 text-gold" aria-hidden />
        <h1 className="mt-4 text-2xl">{t("account.signInRequired.title")}</h1>
        {message ? <p className="mt-2 text-muted">{message}</p> : null}
        <Button asChild size="md-wide" className="mt-6">
          <Link to="/auth">{t("account.signInRequired.signIn")}</Link>
        </Button>
      </div>
    </section>
  );
}
