/**
 * A visitor's phone number as the office reads and dials it. The contact form keeps digits only
 * (what was typed, without spaces, + or dashes), so an Indian number is written again the way
 * people write it ("+91 98765 43210", "98765 43210") and dialled through a tel: link with its
 * country code; any other number is shown as its digits.
 */

export interface PhoneNumber {
  /** As people write it. */
  text: string;
  /** The tel: address that dials it. */
  href: string;
}

const MOBILE = /^[6-9]\d{9}$/;

export function phoneNumber(digits: string): PhoneNumber {
  const plain = digits.replace(/\D/g, '');
  const spaced = (ten: string) => `${ten.slice(0, 5)} ${ten.slice(5)}`;
  if (plain.length === 12 && plain.startsWith('91') && MOBILE.test(plain.slice(2))) {
    return { text: `+91 ${spaced(plain.slice(2))}`, href: `tel:+${plain}` };
  }
  if (MOBILE.test(plain)) return { text: spaced(plain), href: `tel:+91${plain}` };
  if (plain.length === 11 && plain.startsWith('0') && MOBILE.test(plain.slice(1))) {
    return { text: `0${spaced(plain.slice(1))}`, href: `tel:+91${plain.slice(1)}` };
  }
  return { text: plain, href: `tel:${plain}` };
}
