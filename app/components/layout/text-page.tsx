/** A short text page (terms, privacy, contact): a title, an introduction, and the text. */
export function TextPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <section className="container-shop py-12 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-muted">{intro}</p>
        <div className="mt-8 grid gap-5 leading-relaxed [&_h2]:mt-4 [&_h2]:text-xl">{children}</div>
      </div>
    </section>
  );
}
