/**
 * What the event form does in the browser so that nothing typed is lost (issue 24): its fields
 * are kept in sessionStorage as they change, until a save is confirmed (the page it leads to says
 * `?done=`); coming back to the form (from Preview, or after signing in again when the session
 * ended) brings them back; leaving with unsaved changes asks first. It also shows the title as it
 * will be saved, and makes Enter in a field press the safe button (data-default-action).
 * The photos' descriptions, order and cover are the photos island's (autosaved).
 */
import { titleNamingPlace } from '../../lib/events/eventPlaces.ts';

const FIELDS = ['title', 'sub_title', 'date', 'place'] as const;
type Snapshot = Record<(typeof FIELDS)[number], string>;
const KEY_PREFIX = 'isa-admin-event-form:';
/** A new event's form: once any event is saved, what it held is saved. */
const NEW_EVENT_KEY = `${KEY_PREFIX}/Admin/events/new`;

function control(form: HTMLFormElement, name: string) {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : undefined;
}

function snapshotOf(form: HTMLFormElement): Snapshot {
  const snapshot: Snapshot = { title: '', sub_title: '', date: '', place: '' };
  for (const name of FIELDS) snapshot[name] = control(form, name)?.value ?? '';
  return snapshot;
}

function readStored(key: string): Snapshot | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const snapshot: Snapshot = { title: '', sub_title: '', date: '', place: '' };
    for (const name of FIELDS) {
      const field: unknown = Reflect.get(value, name);
      if (typeof field !== 'string') return undefined;
      snapshot[name] = field;
    }
    return snapshot;
  } catch {
    return undefined;
  }
}

const same = (a: Snapshot, b: Snapshot) => FIELDS.every((name) => a[name] === b[name]);

export function keepEventForm(form: HTMLFormElement): void {
  const key = `${KEY_PREFIX}${form.getAttribute('action') ?? ''}`;
  const places: unknown = JSON.parse(form.dataset['places'] ?? '[]');
  const placeList = Array.isArray(places) ? places.filter((place) => typeof place === 'string') : [];
  const savedAs = form.querySelector<HTMLElement>('[data-saved-as]');
  const showSavedAs = () => {
    if (!savedAs) return;
    const { title, place } = snapshotOf(form);
    savedAs.textContent = title.trim() ? titleNamingPlace(title, place, placeList) : '(give a title)';
  };

  const initial = snapshotOf(form);
  if (form.dataset['saved'] !== undefined) {
    sessionStorage.removeItem(key);
    sessionStorage.removeItem(NEW_EVENT_KEY);
  }
  const stored = readStored(key);
  if (stored && !same(stored, initial)) {
    for (const name of FIELDS) {
      const element = control(form, name);
      if (element) element.value = stored[name];
    }
    const notice = form.querySelector<HTMLElement>('[data-restored]');
    if (notice) notice.hidden = false;
  }
  showSavedAs();

  let submitting = false;
  const dirty = () => !same(snapshotOf(form), initial);
  const keep = () => {
    submitting = false;
    showSavedAs();
    if (dirty()) sessionStorage.setItem(key, JSON.stringify(snapshotOf(form)));
    else sessionStorage.removeItem(key);
  };
  form.addEventListener('input', keep);
  form.addEventListener('change', keep);
  let warnedAboutDescriptions = false;
  form.addEventListener('submit', (event) => {
    if (
      event.submitter instanceof HTMLButtonElement &&
      event.submitter.value === 'publish' &&
      !warnedAboutDescriptions
    ) {
      const missing = [...form.querySelectorAll<HTMLInputElement>('input[name^="description_"]')].filter(
        (input) => !input.value.trim(),
      );
      const warning = form.querySelector<HTMLElement>('[data-description-warning]');
      if (missing.length > 0 && warning) {
        // A warning, not a block: pressing Publish again publishes.
        event.preventDefault();
        warnedAboutDescriptions = true;
        warning.hidden = false;
        warning.textContent = `${missing.length === 1 ? 'One photo has' : `${missing.length} photos have`} no description: people who cannot see the photos will hear only “Photo 1 of …”. Add descriptions, or press Publish again to publish as it is.`;
        warning.focus();
        return;
      }
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
  window.addEventListener('beforeunload', (event) => {
    if (submitting || !dirty()) return;
    event.preventDefault();
  });
}
