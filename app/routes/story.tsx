import { data, redirect } from "react-router";
import { isStoryEligible } from "../../core/story.ts";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { StoryReader } from "../components/stories/story-reader.tsx";
import { appContext } from "../context.ts";
import type { Route } from "./+types/story";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const { articleBySlug } = await import("../../server/content/articles.ts");
  const { storyWithNeighbours } = await import("../components/stories/story-data.server.ts");
  const article = params.slug.length <= 200 ? await articleBySlug(database.db, params.slug) : undefined;
  if (!article) throw data("Story Not Found", { status: 404 });
  // Spec: an article that is not eligible as a story is read on its own page.
  if (!isStoryEligible(article)) throw redirect(`/knowledge/${article.slug}`);
  return storyWithNeighbours(database.db, article);
}

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
