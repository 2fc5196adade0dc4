/** Link helpers: external links open in a new tab without access to this page (no opener). */

export interface LinkAttributes {
  href: string;
  target?: '_blank';
  rel?: 'noopener noreferrer';
}

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** The attributes of a link: external ones get target="_blank" and rel="noopener noreferrer". */
export function linkAttributes(href: string): LinkAttributes {
  return isExternal(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}

/** A tel: link for a phone number as written in content ("+91 00000 10001" -> "tel:+910000010001"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** A slug for ids and anchors: "Krishnagiri/Hosur" -> "krishnagiri-hosur". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Ids for a list of names, unique within it: ["President", "Secretary", "Secretary"] -> "president", "secretary", "secretary-2". */
export function uniqueSlugs(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const slug = slugify(name) || 'item';
    const count = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, count);
    return count === 1 ? slug : `${slug}-${count}`;
  });
}

/** The anchor of a branch's bearer on the Branches page: ("Salem", 1) -> "salem-2" (the second). */
export function bearerAnchor(city: string, index: number): string {
  return `${slugify(city)}-${index + 1}`;
}
