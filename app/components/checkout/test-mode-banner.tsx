import FlaskConical from "lucide-react/icons/flask-conical";

/** Marks the sandbox's card page: nothing here takes real money. */
export function TestModeBanner() {
  return (
    <div role="note" className="border-b-2 border-gold-bright bg-[#fbf1d3] text-ink">
      <p className="container-shop flex min-h-11 items-center justify-center gap-2 py-2 text-center text-sm font-semibold">
        <FlaskConical aria-hidden className="size-4 shrink-0 text-gold" />
        Test mode: no real payment. Use card 4242 4242 4242 4242 or 5200 8282 8282 8210 to pay, 4000 0000 0000
        0002 to see a decline, or 4000 0000 0000 0341 to pay now and see a subscription's renewal fail.
      </p>
    </div>
  );
}
