import { describe, expect, it } from 'vitest';
import { indianDate, isoDateOf } from '../../../src/lib/events/indianDate.ts';
import { checkEventFields, eventFormValues } from '../../../src/server/admin/eventForm.ts';

describe('dates day first (the admin’s event form)', () => {
  it.each([
    ['14/03/2025', '2025-03-14'],
    ['4/3/2025', '2025-03-04'],
    ['14-03-2025', '2025-03-14'],
    ['14.03.2025', '2025-03-14'],
    ['2025-03-14', '2025-03-14'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2025', undefined],
    ['03/14/2025', undefined],
    ['2025/03/14', undefined],
    ['', undefined],
  ])('%j names %s', (text, iso) => {
    expect(isoDateOf(text)).toBe(iso);
  });

  it('shows a stored date day first, and the form saves what it shows', () => {
    expect(indianDate('2025-03-04')).toBe('04/03/2025');
    const values = eventFormValues(
      new URLSearchParams({ title: 'CME', date: indianDate('2025-03-04'), place: 'Salem' }),
    );
    expect(checkEventFields(values, ['Tamil Nadu', 'Salem'], false)).toMatchObject({
      ok: true,
      fields: { date: '2025-03-04' },
    });
  });
});
