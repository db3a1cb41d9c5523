import { describe, expect, it } from "vitest";
import {
  addressToForm,
  emptyAddress,
  errorsAfterEdit,
  validateAddress,
  withCountry,
} from "./address-form-model.ts";

const shipTo = ["US", "CA"];
const filled = {
  ...emptyAddress(shipTo),
  fullName: "Sam Shopper",
  line1: "1 Main St",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

describe("the address form", () => {
  it("starts blank in the first country shipped to", () => {
    expect(emptyAddress(shipTo)).toMatchObject({ country: "US", region: "", postalCode: "" });
    expect(emptyAddress(["CA", "US"]).country).toBe("CA");
  });

  it("checks with the server's rules and gives the address to send", () => {
    expect(validateAddress({ ...filled, postalCode: " 62701 ", region: "il" }, shipTo)).toEqual({
      ok: true,
      address: {
        fullName: "Sam Shopper",
        line1: "1 Main St",
        line2: null,
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
        phone: null,
      },
    });
  });

  it("shows the server's messages, and names the first field in the form's order", () => {
    expect(validateAddress({ ...filled, fullName: "", postalCode: "9021" }, shipTo)).toEqual({
      ok: false,
      errors: {
        fullName: "Full name is required",
        postalCode: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210",
      },
      firstField: "fullName",
    });
    expect(validateAddress({ ...filled, country: "CA", region: "" }, shipTo)).toMatchObject({
      ok: false,
      errors: { region: "Choose a province", postalCode: "Enter a postal code like K1A 0B1" },
      firstField: "region",
    });
  });

  it("keeps a region on a change of country only when the new country has it", () => {
    expect(withCountry(filled, "CA")).toMatchObject({ country: "CA", region: "" });
    expect(withCountry({ ...filled, country: "CA", region: "ON" }, "US")).toMatchObject({ region: "" });
    expect(withCountry(filled, "US")).toMatchObject({ region: "IL" });
  });

  it("drops a field's message once its value changes, and the region's and postal code's with the country", () => {
    const errors = {
      fullName: "Full name is required",
      region: "Choose a state",
      postalCode: "ZIP code is required",
    };
    expect(errorsAfterEdit(errors, filled, { ...filled, fullName: "S" })).toEqual({
      region: "Choose a state",
      postalCode: "ZIP code is required",
    });
    expect(errorsAfterEdit(errors, filled, { ...filled, country: "CA" })).toEqual({
      fullName: "Full name is required",
    });
  });

  it("edits a saved address with empty strings for its empty fields", () => {
    const saved = { ...filled, line2: null, phone: null };
    expect(addressToForm(saved)).toEqual({ ...filled, line2: "", phone: "" });
  });
});
