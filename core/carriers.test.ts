import { describe, expect, it } from "vitest";
import { CARRIER_NAMES, findCarrier, trackingUrl } from "./carriers.ts";

describe("carriers", () => {
  it("knows USPS, UPS, FedEx, Canada Post and DHL", () => {
    expect(CARRIER_NAMES).toEqual(["USPS", "UPS", "FedEx", "Canada Post", "DHL"]);
  });

  it("builds each carrier's public tracking page for a code", () => {
    expect(trackingUrl("USPS", "9400111899223")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223",
    );
    expect(trackingUrl("UPS", "1Z999AA10123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(trackingUrl("FedEx", "449044304137821")).toBe(
      "https://www.fedex.com/fedextrack/?trknbr=449044304137821",
    );
    expect(trackingUrl("Canada Post", "1234567890123456")).toBe(
      "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456",
    );
    expect(trackingUrl("DHL", "1234567890")).toBe(
      "https://www.dhl.com/en/express/tracking.html?AWB=1234567890",
    );
  });

  it("encodes the code, so a code can never add parameters or leave the carrier's page", () => {
    expect(trackingUrl("UPS", "1Z 99&x=1#y")).toBe("https://www.ups.com/track?tracknum=1Z%2099%26x%3D1%23y");
    expect(trackingUrl("DHL", "../../evil?a=b")).toBe(
      "https://www.dhl.com/en/express/tracking.html?AWB=..%2F..%2Fevil%3Fa%3Db",
    );
  });

  it("reads a carrier's name whatever its case, spaces or dashes", () => {
    expect(findCarrier("ups")?.name).toBe("UPS");
    expect(findCarrier("fedex")?.name).toBe("FedEx");
    expect(findCarrier("canada-post")?.name).toBe("Canada Post");
    expect(findCarrier(" Canada Post ")?.name).toBe("Canada Post");
  });

  it("gives no link for an unknown carrier or a missing code (the page shows the code)", () => {
    expect(findCarrier("Pigeon Express")).toBeNull();
    expect(findCarrier("")).toBeNull();
    expect(findCarrier("--")).toBeNull();
    expect(trackingUrl("Pigeon Express", "ABC123")).toBeNull();
    expect(trackingUrl(null, "ABC123")).toBeNull();
    expect(trackingUrl("UPS", null)).toBeNull();
    expect(trackingUrl("UPS", "  ")).toBeNull();
  });
});
