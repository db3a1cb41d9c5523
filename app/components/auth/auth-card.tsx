/** A page with one small task (forgot password, reset, verify, unsubscribe): heading, intro, one card. */
export function AuthCard({
  title,
  intro,
  children,
  after,
}: {
  title: React.ReactNode;
  intro?: React.ReactNode;
  children: React.ReactNode;
  /** Below the card: a way back. */
  after?: React.ReactNode;
}) {
  return (
    <section className="container-shop py-12 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="text-center">
          <h1 className="text-3xl sm:text-4xl">{title}</h1>
          {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        </div>
        <div className="mt-8 rounded-card bg-white p-6 shadow-card sm:p-8">{children}</div>
        {after ? <p className="mt-6 text-center text-sm text-muted">{after}</p> : null}
      </div>
    </section>
  );
}

export const linkClass = "font-medium text-forest underline underline-offset-2";
