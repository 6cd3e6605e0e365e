/**
 * Income-tax PAN: five letters, four digits, one letter (checked after upper-casing). Its own module, so that
 * a form that checks a PAN (the declaration's landlord) does not load the people contract.
 */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
