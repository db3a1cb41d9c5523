import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { StoryReader } from "../components/stories/story-reader.tsx";
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
  return (
    <RouteErrorPage
      error={error}
      notFound={{
        title: "Story Not Found",
        text: "The story you're looking for doesn't exist or has been moved.",
        badge: (
          <p className="text-5xl" aria-hidden>
            📖
          </p>
        ),
      }}
      to="/knowledge"
      linkLabel="Back to the Knowledge Hub"
    />
  );
}
