/**
 * A structured postal address as the QR-bill requires it (Swiss Implementation Guidelines 2.3: street and
 * number apart, postcode, town, country; decision 128): the creditor of the settings, the debtor of an
 * invoice and the seller an offer names are all this one shape.
 */
export interface PostalAddress {
  name: string;
  street: string;
  buildingNumber: string | null;
  postalCode: string;
  town: string;
  country: string;
}
