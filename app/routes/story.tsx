import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { StoryReader } from "../components/stories/story-reader.tsx";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/story";

export { loader } from "./story.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Story Not Found | MANA" }, { name: "robots", content: "noindex" }];
  const { story } = loaderData;
  return [
    { title: `${story.title} | MANA` },
    { name: "description", content: story.excerpt },
    { property: "og:title", content: story.title },
    { property: "og:description", content: story.excerpt },
    { property: "og:type", content: "article" },
  ];
};

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  return <StoryReader key={loaderData.story.id} {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <RouteErrorPage
      error={error}
      notFound={{
        title: t("story.notFound"),
        text: t("story.notFoundText"),
        badge: (
          <p className="text-5xl" aria-hidden>
            📖
          </p>
        ),
      }}
      to="/knowledge"
      linkLabel={t("knowledge.backToHub")}
    />
  );
}
