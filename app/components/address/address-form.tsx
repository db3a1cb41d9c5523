import type { ReactNode } from "react";
import { type AddressFieldErrors, countryRules, type ShippingAddress } from "../../../core/address.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import {
  ADDRESS_ERROR_KEYS,
  ADDRESS_LABEL_KEYS,
  type AddressFormValue,
  addressFieldId,
  cityWords,
  countryNameIn,
  postalWords,
  regionName,
  regionWords,
  withCountry,
} from "./address-form-model.ts";

const controlClass =
  "block min-h-11 w-full rounded-xl border border-sand-deep bg-white px-3 text-base text-ink placeholder:text-muted/80 focus-visible:border-forest aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60";

function FieldBox({
  id,
  label,
  error,
  className = "",
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`grid content-start gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The messages the form formats in its first render, whatever the country: every label and message. */
const CARRIED_KEYS: readonly string[] = [...ADDRESS_ERROR_KEYS, ...ADDRESS_LABEL_KEYS];

/**
 * A shipping address as a controlled fieldset (the address book and the checkout use it): the parent keeps
 * the value and the messages (from validateAddress or the server's `fields`). The country's rules name the
 * town, region and postal fields, offer the regions to choose from, and leave the region out where the
 * country's labels name none (France, Germany, …); each message sits under its field and is its accessible
 * description. Its words, the countries' and the messages are in the page's language; the messages
 * validateAddress may give and every country's field labels are formatted here too, so the page carries
 * them from its first byte (a press, or another country chosen, before the whole catalogue arrives).
 */
export function AddressForm({
  value,
  onChange,
  errors,
  shipTo,
  idPrefix,
  disabled = false,
  legend,
}: {
  value: AddressFormValue;
  onChange: (next: AddressFormValue) => void;
  errors: AddressFieldErrors;
  /** The countries the shop ships to (GET /api/addresses answers them). */
  shipTo: readonly string[];
  /** Makes the controls' ids unique on the page: `${idPrefix}-${field}`. */
  idPrefix: string;
  disabled?: boolean;
  /** Read by screen readers only: the page's heading already says it on screen. */
  legend?: string;
}) {
  const t = useT();
  const locale = useLocale();
  useLaterT(CARRIED_KEYS);
  const rules = countryRules(value.country);
  const city = cityWords(value.country);
  const region = regionWords(value.country);
  const postal = postalWords(value.country);
  const cityLabel = city ? t(city.label) : rules.cityLabel;
  const regionLabel = region ? t(region.label) : rules.regionLabel;
  const postalLabel = postal ? t(postal.label) : rules.postalLabel;
  // A saved address in a country no longer shipped to still shows its country (the check then refuses it).
  const countries = shipTo.includes(value.country) || !value.country ? shipTo : [...shipTo, value.country];
  const regions = rules.regions
    ? Object.entries(rules.regions)
        .map(([code, name]): [string, string] => [code, regionName(value.country, code, name, { t, locale })])
        .sort(([, a], [, b]) => a.localeCompare(b, locale))
    : null;

  const id = (field: keyof ShippingAddress) => addressFieldId(idPrefix, field);
  // The props every control shares: id, name, value, its message as description, and the change handler.
  const control = (field: keyof ShippingAddress) => ({
    id: id(field),
    name: field,
    value: value[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id(field)}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...value, [field]: e.target.value }),
    className: controlClass,
  });

  return (
    <fieldset disabled={disabled} className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{legend ?? t("address.legend")}</legend>
      <div className="@container">
        <div className="grid gap-4 @md:grid-cols-2">
          <FieldBox
            id={id("country")}
            label={t("address.field.country")}
            error={errors.country}
            className="@md:col-span-2"
          >
            <select
              {...control("country")}
              autoComplete="country"
              onChange={(e) => onChange(withCountry(value, e.target.value))}
            >
              {value.country ? null : <option value="">{t("address.field.chooseCountry")}</option>}
              {countries.map((code) => (
                <option key={code} value={code}>
                  {countryNameIn(locale, code)}
                </option>
              ))}
            </select>
          </FieldBox>
          <FieldBox
            id={id("fullName")}
            label={t("address.field.fullName")}
            error={errors.fullName}
            className="@md:col-span-2"
          >
            <input {...control("fullName")} type="text" autoComplete="name" maxLength={100} />
          </FieldBox>
          <FieldBox
            id={id("line1")}
            label={t("address.field.line1")}
            error={errors.line1}
            className="@md:col-span-2"
          >
            <input {...control("line1")} type="text" autoComplete="address-line1" maxLength={200} />
          </FieldBox>
          <FieldBox
            id={id("line2")}
            label={t("address.field.line2")}
            error={errors.line2}
            className="@md:col-span-2"
          >
            <input {...control("line2")} type="text" autoComplete="address-line2" maxLength={200} />
          </FieldBox>
          <FieldBox id={id("city")} label={cityLabel} error={errors.city}>
            <input {...control("city")} type="text" autoComplete="address-level2" maxLength={100} />
          </FieldBox>
          {/* A country whose labels name no region (France, Germany, …) is not asked for one. */}
          {rules.askRegion ? (
            <FieldBox
              id={id("region")}
              label={
                rules.regionRequired || regions
                  ? regionLabel
                  : t("address.field.optional", { label: regionLabel })
              }
              error={errors.region}
            >
              {regions ? (
                <select {...control("region")} autoComplete="address-level1">
                  <option value="">
                    {region?.choose ? t(region.choose) : `Choose a ${rules.regionLabel.toLowerCase()}`}
                  </option>
                  {regions.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              ) : rules.regionCode ? (
                <input
                  {...control("region")}
                  type="text"
                  autoComplete="address-level1"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={2}
                />
              ) : (
                <input {...control("region")} type="text" autoComplete="address-level1" maxLength={100} />
              )}
            </FieldBox>
          ) : null}
          <FieldBox
            id={id("postalCode")}
            label={rules.postalRequired ? postalLabel : t("address.field.optional", { label: postalLabel })}
            error={errors.postalCode}
          >
            <input
              {...control("postalCode")}
              type="text"
              autoComplete="postal-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
            />
          </FieldBox>
          <FieldBox id={id("phone")} label={t("address.field.phone")} error={errors.phone}>
            <input {...control("phone")} type="tel" autoComplete="tel" maxLength={30} />
          </FieldBox>
        </div>
      </div>
    </fieldset>
  );
}
