/** E.164: a plus sign, then 8 to 15 digits, the first not zero. */
export const E164 = /^\+[1-9]\d{7,14}$/;

export const isE164 = (value: string) => E164.test(value);
