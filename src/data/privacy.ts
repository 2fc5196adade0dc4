/** The privacy notice of the contact form (content/privacy.yaml). */
import { getEntry } from 'astro:content';

export async function getPrivacyNotice() {
  const entry = await getEntry('privacy', 'privacy');
  if (!entry) throw new Error('content/privacy.yaml is missing: the contact form needs its privacy notice');
  return entry.data;
}
