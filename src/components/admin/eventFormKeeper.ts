/**
 * What the event form does in the browser so that nothing typed is lost: its fields
 * are kept in sessionStorage as they change, until a save is confirmed (the page it leads to says
 * `?done=`); coming back to the form (from Preview, or after signing in again when the session
 * ended) brings them back; leaving with unsaved changes (the photos' too) asks first. It also shows the title as it
 * will be saved, and makes Enter in a field press the safe button (data-default-action).
 * The photos' descriptions, order and cover are the photos island's (autosaved).
 */
import { titleNamingPlace } from '../../lib/events/eventPlaces.ts';
import { undescribedPhotos, warningParts } from '../../lib/events/descriptionWarning.ts';

/** The form's fields by name, each as typed. */
type Snapshot = Record<string, string>;
const KEY_PREFIX = 'isa-admin-event-form:';
/** A new event's form: once any event is saved, what it held is saved. */
const NEW_EVENT_KEY = `${KEY_PREFIX}/Admin/events/new`;

function control(form: HTMLFormElement, name: string) {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : undefined;
}

/** The names of the form's fields, as EventForm.astro lists them (from src/server/events/eventFields.ts). */
function fieldsOf(form: HTMLFormElement): string[] {
  const names: unknown = JSON.parse(form.dataset['fields'] ?? '[]');
  return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
}

function snapshotOf(form: HTMLFormElement, fields: readonly string[]): Snapshot {
  return Object.fromEntries(fields.map((name) => [name, control(form, name)?.value ?? '']));
}

function readStored(key: string, fields: readonly string[]): Snapshot | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const snapshot: Snapshot = {};
    for (const name of fields) {
      const field: unknown = Reflect.get(value, name);
      if (typeof field !== 'string') return undefined;
      snapshot[name] = field;
    }
    return snapshot;
  } catch {
    return undefined;
  }
}

const same = (a: Snapshot, b: Snapshot) => Object.keys(a).every((name) => a[name] === b[name]);

/**
 * Names the photos without a description in each note (descriptionWarning.ts), as the photos'
 * cards stand now; returns how many there are.
 */
function showMissingDescriptions(form: HTMLFormElement, notes: readonly HTMLElement[]): number {
  const cards = [...form.querySelectorAll<HTMLElement>('.photo-list > li')];
  const photos = cards.map((card) => ({
    id: Number(card.id.replace('photo-', '')),
    description: card.querySelector<HTMLInputElement>('input[name^="description_"]')?.value ?? '',
  }));
  const missing = undescribedPhotos(photos);
  for (const note of notes) {
    note.hidden = missing.length === 0;
    const text = note.querySelector('[data-note-text]');
    if (!text) continue;
    text.replaceChildren(
      ...warningParts(missing).map((part) => {
        if ('text' in part) return document.createTextNode(part.text);
        const link = document.createElement('a');
        link.href = `#${part.link.cardId}`;
        link.textContent = String(part.link.place);
        link.setAttribute('aria-label', `Photo ${part.link.place}`);
        return link;
      }),
    );
  }
  return missing.length;
}

export function keepEventForm(form: HTMLFormElement): void {
  const key = `${KEY_PREFIX}${form.getAttribute('action') ?? ''}`;
  const places: unknown = JSON.parse(form.dataset['places'] ?? '[]');
  const placeList = Array.isArray(places) ? places.filter((place) => typeof place === 'string') : [];
  const fields = fieldsOf(form);
  const savedAs = form.querySelector<HTMLElement>('[data-saved-as]');
  const showSavedAs = () => {
    if (!savedAs) return;
    const { title = '', place = '' } = snapshotOf(form, fields);
    savedAs.textContent = title.trim() ? titleNamingPlace(title, place, placeList) : '(give a title)';
  };

  const initial = snapshotOf(form, fields);
  if (form.dataset['saved'] !== undefined) {
    sessionStorage.removeItem(key);
    sessionStorage.removeItem(NEW_EVENT_KEY);
  }
  const stored = readStored(key, fields);
  if (stored && !same(stored, initial)) {
    for (const name of fields) {
      const element = control(form, name);
      if (element) element.value = stored[name] ?? '';
    }
    const notice = form.querySelector<HTMLElement>('[data-restored]');
    if (notice) notice.hidden = false;
  }
  showSavedAs();

  let submitting = false;
  const dirty = () => !same(snapshotOf(form, fields), initial);
  const keep = () => {
    submitting = false;
    showSavedAs();
    if (dirty()) sessionStorage.setItem(key, JSON.stringify(snapshotOf(form, fields)));
    else sessionStorage.removeItem(key);
  };
  form.addEventListener('input', keep);
  form.addEventListener('change', keep);
  const notes = [...form.querySelectorAll<HTMLElement>('[data-description-note]')];
  const missingNow = () => showMissingDescriptions(form, notes);
  if (notes.length > 0) {
    form.addEventListener('input', missingNow);
    const list = form.querySelector('.photo-list') ?? form;
    new MutationObserver(missingNow).observe(list, { childList: true, subtree: true });
  }
  let warnedAboutDescriptions = false;
  form.addEventListener('submit', (event) => {
    if (
      event.submitter instanceof HTMLButtonElement &&
      event.submitter.value === 'publish' &&
      !warnedAboutDescriptions &&
      missingNow() > 0
    ) {
      // A warning, not a block: pressing Publish again publishes.
      event.preventDefault();
      warnedAboutDescriptions = true;
      const note = notes.find((candidate) => candidate.dataset['descriptionNote'] === 'publish');
      if (note) {
        note.setAttribute('role', 'alert');
        note.querySelector<HTMLElement>('[data-publish-anyway]')?.removeAttribute('hidden');
        note.focus();
      }
      return;
    }
    submitting = true;
  });
  form.addEventListener('keydown', (event) => {
    const target = event.target;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.type === 'file') return;
    const button = form.querySelector<HTMLButtonElement>('[data-default-action]');
    if (!button) return;
    event.preventDefault();
    form.requestSubmit(button);
  });
  // A page kept by the browser (Back) would show the form as it was before it was saved: ask anew,
  // so a new event's saved form says where the event is rather than offering it again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
  // The photos island marks changes it has not saved yet, or photos still uploading (usePhotoAutosave.ts). A form
  // post (Publish, Save draft, Preview) carries the fields and the photos' changes, which stay kept: no question then.
  const photosUnsaved = () => form.querySelector('[data-photos-unsaved]') !== null;
  window.addEventListener('beforeunload', (event) => {
    if (submitting || (!dirty() && !photosUnsaved())) return;
    event.preventDefault();
  });
}
