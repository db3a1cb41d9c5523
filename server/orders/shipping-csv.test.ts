import { describe, expect, it } from "vitest";
import { readShippingCsv } from "./shipping-csv.ts";

describe("reading a shipping file", () => {
  it("takes the columns in any order and case, quoted values, spaces around values and skips empty lines", () => {
    const read = readShippingCsv(
      'TRACKING,Carrier,order_number\n"1Z,9", fedex ,mana-ab12\n\n,,\n9400,"Canada Post",MANA-CD34\n',
    );
    expect(read).toEqual({
      rows: [
        { row: 2, orderNumber: "MANA-AB12", carrier: "FedEx", trackingCode: "1Z,9" },
        { row: 5, orderNumber: "MANA-CD34", carrier: "Canada Post", trackingCode: "9400" },
      ],
      problems: [],
    });
  });

  it("refuses a header with a column missing or added, naming what it found", () => {
    for (const header of [
      "order_number,carrier",
      "order_number,carrier,tracking,notes",
      "order,carrier,tracking",
    ])
      expect(readShippingCsv(`${header}\nMANA-1,UPS,1Z`).problems).toEqual([
        {
          row: 1,
          orderNumber: null,
          message: `The first row must be the header order_number,carrier,tracking (any case); it is "${header}".`,
        },
      ]);
  });

  it("says every problem of a row in one message", () => {
    expect(readShippingCsv("order_number,carrier,tracking\n,Pigeon,").problems).toEqual([
      {
        row: 2,
        orderNumber: null,
        message:
          'The order number is missing; "Pigeon" is not a carrier the shop knows: use one of USPS, UPS, FedEx, Canada Post, DHL; the tracking code is missing.',
      },
    ]);
  });
});
