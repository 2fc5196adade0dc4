import { describe, expect, it } from 'vitest';
import { askNewPassword } from '../../../src/server/admin/passwordPrompt.ts';

describe('askNewPassword (npm run admin at a terminal)', () => {
  const answering = (...answers: string[]) => {
    const asked: string[] = [];
    const said: string[] = [];
    const ask = async (question: string) => {
      asked.push(question);
      return answers.shift() ?? '';
    };
    return { asked, said, ask, say: (line: string) => said.push(line) };
  };

  it('asks again after a short password and after two that differ, instead of ending', async () => {
    const prompt = answering(
      'short',
      'a long good password',
      'a long good pasword',
      'a long good password',
      'a long good password',
    );
    expect(await askNewPassword(prompt.ask, prompt.say)).toBe('a long good password');
    expect(prompt.said).toEqual([
      expect.stringMatching(/at least 12 characters.*Please try again\.$/),
      'The two passwords differ. Please type them again.',
    ]);
    expect(prompt.asked).toHaveLength(5);
  });

  it('gives up after five tries, changing nothing', async () => {
    const prompt = answering(...Array.from({ length: 5 }, () => 'short'));
    expect(await askNewPassword(prompt.ask, prompt.say)).toBeUndefined();
    expect(prompt.said).toHaveLength(5);
  });
});
