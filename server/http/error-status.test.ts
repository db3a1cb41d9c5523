import { describe, expect, it } from "vitest";
import { AddressBookFull } from "../addresses/address-book.ts";
import { InvalidInput, NotFound, OutOfStock } from "../domain-errors.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { errorResponse, errorStatus } from "./error-status.ts";

describe("the status a failure answers with", () => {
  it("gives a domain error its status and its own code and message, with field messages when it has them", () => {
    expect(errorResponse(new NotFound("Order not found."))).toEqual({
      status: 404,
      body: { message: "Order not found.", code: "not_found" },
    });
    expect(errorResponse(new OutOfStock("Sorry, Ashwagandha is out of stock."))?.status).toBe(409);
    expect(errorStatus(new AddressBookFull())).toBe(409);
    expect(
      errorResponse(
        new InvalidInput("invalid_address", "Please check the shipping address.", {
          fields: { city: "Required" },
        }),
      ),
    ).toEqual({
      status: 400,
      body: {
        message: "Please check the shipping address.",
        code: "invalid_address",
        fields: { city: "Required" },
      },
    });
  });

  it("answers a payment provider that did not answer with 502, and a lost database connection with 503", () => {
    expect(errorResponse(new PaymentProviderError("Stripe timed out"))).toMatchObject({
      status: 502,
      body: { code: "payment_provider_unavailable" },
    });
    const lost = new Error("Failed query", {
      cause: Object.assign(new Error("terminating connection"), { code: "57P01" }),
    });
    expect(errorResponse(lost)).toMatchObject({ status: 503, body: { code: "service_unavailable" } });
  });

  it("leaves any other failure to the 500 handler", () => {
    expect(errorResponse(new Error("boom"))).toBeNull();
    expect(errorStatus(new TypeError("x"))).toBe(500);
  });
});
