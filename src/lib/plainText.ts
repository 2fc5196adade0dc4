/**
 * Text without the characters no title or description means and no text output can carry: the
 * C0 controls but tab, line feed and carriage return (NUL, BS, ESC ...), DEL, the C1 controls,
 * U+FFFE, U+FFFF and lone surrogates. XML 1.0 forbids them even written as character references
 * (one makes a feed "not XML", and readers drop the whole feed), and iCalendar's TEXT forbids the
 * controls (RFC 5545, 3.3.11). Removed where text enters (the events store's writes, the backend's
 * answers) and again by the writers of the feed and the calendar.
 * And `capitalised`, for a phrase that starts a sentence or a heading.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const UNWRITABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/gu;

/** `text` without control characters and the code points XML cannot carry (tab and line breaks stay). */
export function withoutControlCharacters(text: string): string {
  return text.replace(UNWRITABLE, '');
}

/** `what` with its first letter in capitals: "invitation for asha" → "Invitation for asha". */
export function capitalised(what: string): string {
  return what.charAt(0).toUpperCase() + what.slice(1);
}
