import Lock from "lucide-react/icons/lock";
import { Link } from "react-router";

/** Spec point 6: /orders, /wishlist and /preferences prompt signed-out visitors to sign in. */
export function SignInRequired({ message }: { message?: string }) {
  return (
    <section className="container-shop py-20">
      <div className="mx-auto max-w-md rounded-card bg-white p-8 text-center shadow-card">
        <Lock className="mx-auto size-10 text-gold" aria-hidden />
        <h1 className="mt-4 text-2xl">Sign In Required</h1>
        {message ? <p className="mt-2 text-muted">{message}</p> : null}
        <Link
          to="/auth"
          className="mt-6 inline-flex min-h-11 items-center rounded-full bg-forest px-6 font-semibold text-cream hover:bg-forest-deep"
        >
          Sign In
        </Link>
      </div>
    </section>
  );
}
