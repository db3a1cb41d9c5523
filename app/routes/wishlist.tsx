import Heart from "lucide-react/icons/heart";
import Trash from "lucide-react/icons/trash";
import { useState } from "react";
import { Link } from "react-router";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { Button } from "../components/ui/button.tsx";
import { type CartLineInput, useAddToCart } from "../hooks/use-cart.ts";
import type { Route } from "./+types/wishlist";

export { headers, loader } from "./wishlist.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Wishlist | MANA" },
  { name: "robots", content: "noindex" },
];

interface WishlistItem {
  /** The product's id in the catalogue. */
  id: number;
  name: string;
  price: string;
  image: string;
  description: string;
  inStock: boolean;
}

/** The wishlist is sample data held on the page (three items, the third out of stock). */
const SAMPLE: WishlistItem[] = [
  {
    id: 1,
    name: "Korean Ginseng",
    price: "30.00",
    image: "/images/products/korean-ginseng.svg",
    description: "Six-year red ginseng extract that supports focus and steady energy.",
    inStock: true,
  },
  {
    id: 2,
    name: "Total Restore",
    price: "40.00",
    image: "/images/products/total-restore.svg",
    description: "Magnesium and botanicals that support restful sleep and recovery.",
    inStock: true,
  },
  {
    id: 3,
    name: "Ashwagandha",
    price: "30.00",
    image: "/images/products/ashwagandha.svg",
    description: "Traditional root extract that supports a calm response to stress.",
    inStock: false,
  },
];

/** A wishlist item's id is its product's id; it goes to the cart as one, bought once. */
const toCartLine = (item: WishlistItem): CartLineInput => ({
  productId: item.id,
  quantity: 1,
  isSubscription: false,
});

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const [items, setItems] = useState(SAMPLE);
  const add = useAddToCart();
  if (!loaderData.signedIn) return <SignInRequired message="Please sign in to see your wishlist." />;
  const available = items.filter((i) => i.inStock);

  return (
    <section className="container-shop py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl sm:text-4xl">My Wishlist</h1>
          {items.length ? (
            <p className="mt-2 text-muted">
              {available.length} of {items.length} items available
            </p>
          ) : null}
        </div>
        {items.length ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm-wide"
              onClick={() => available.length > 0 && add.mutate(available.map(toCartLine))}
            >
              Add All to Cart
            </Button>
            <Button variant="outline" size="sm-wide" onClick={() => setItems([])}>
              Clear Wishlist
            </Button>
          </div>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="mt-8 rounded-card bg-white p-10 text-center shadow-card">
          <Heart className="mx-auto size-10 text-gold" aria-hidden />
          <p className="mt-3 font-display text-2xl text-forest">Your wishlist is empty</p>
          <Button asChild size="sm-wide" className="mt-4">
            <Link to="/products">Discover Products</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="relative flex flex-col rounded-card bg-white p-5 shadow-card">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${item.name} from wishlist`}
                onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}
                className="absolute top-3 right-3 text-muted hover:text-danger"
              >
                <Trash className="size-5" aria-hidden />
              </Button>
              <img
                src={item.image}
                alt={item.name}
                width={160}
                height={160}
                className="mx-auto size-40 object-contain"
              />
              <h2 className="mt-4 text-xl">{item.name}</h2>
              <p className="mt-1 flex-1 text-sm text-muted">{item.description}</p>
              <p className="mt-3 font-semibold text-gold">${item.price}</p>
              <div className="mt-4 grid gap-2">
                {item.inStock ? (
                  <Button size="sm-wide" onClick={() => add.mutate(toCartLine(item))}>
                    Add to Cart
                  </Button>
                ) : (
                  <>
                    <p className="text-sm font-semibold text-danger">Out of Stock</p>
                    <Button variant="outline" size="sm-wide" disabled>
                      Notify Me
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
