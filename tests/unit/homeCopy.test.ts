/**
 * The home page says only what content/home.yaml (and its sibling files) say: its components
 * hold no page copy of their own. This reads each component with Astro's own parser and lists
 * the text it would show or read out: text between tags, and text in the attributes screen
 * readers announce. Generic interface words may stay in components.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@astrojs/compiler-rs';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Words of the interface rather than of the page: the same on any site. */
const INTERFACE_WORDS = new Set(['(opens in a new tab)', 'Pause', 'the video', 'Play the video:', 'Close the video']);

/** Attributes and props whose value is shown or read out. */
const TEXT_ATTRIBUTES = new Set(['alt', 'title', 'label', 'aria-label', 'placeholder', 'aria-description']);

/** Elements whose content is code, not copy. */
const CODE_ELEMENTS = new Set(['script', 'style']);

type Node = { type: string } & Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string';
}

function elementName(node: Node): string | undefined {
  const opening = node['openingElement'];
  if (!isNode(opening)) return undefined;
  const name = opening['name'];
  return isNode(name) && typeof name['name'] === 'string' ? name['name'] : undefined;
}

/** The words an attribute's value holds: a quoted string, or the literal parts of a template. */
function attributeText(value: unknown): string[] {
  if (!isNode(value)) return [];
  if (value.type === 'Literal' && typeof value['value'] === 'string') return [value['value']];
  if (value.type === 'JSXExpressionContainer') return attributeText(value['expression']);
  if (value.type === 'TemplateLiteral' && Array.isArray(value['quasis'])) {
    return value['quasis'].flatMap((quasi: unknown) => {
      const parts: unknown = isNode(quasi) ? quasi['value'] : undefined;
      const cooked: unknown = typeof parts === 'object' && parts !== null ? Reflect.get(parts, 'cooked') : undefined;
      return typeof cooked === 'string' ? [cooked] : [];
    });
  }
  return [];
}

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** Every piece of copy written into an .astro component's markup. */
function hardCodedCopy(source: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isNode(value)) return;
    if (value.type === 'AstroFrontmatter' || value.type === 'AstroScript') return;
    if (value.type === 'JSXElement' && CODE_ELEMENTS.has(elementName(value) ?? '')) return;
    if (value.type === 'JSXText' && typeof value['value'] === 'string') found.push(value['value']);
    if (value.type === 'JSXAttribute') {
      const name = value['name'];
      if (isNode(name) && typeof name['name'] === 'string' && TEXT_ATTRIBUTES.has(name['name'])) {
        found.push(...attributeText(value['value']));
      }
      return;
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'type') visit(child);
  };
  visit(parse(source).ast);
  return found
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => hasLetters(text) && !INTERFACE_WORDS.has(text));
}

const HOME_FILES = [
  'src/pages/index.astro',
  ...readdirSync(path.join(root, 'src/components/home'))
    .filter((name) => name.endsWith('.astro'))
    .map((name) => `src/components/home/${name}`),
];

describe('hardCodedCopy', () => {
  it.each([
    ['a heading', '<h2 class="title">Milestones</h2>', ['Milestones']],
    ['a carousel label', `<Carousel label="Pictures of the society's work" />`, ["Pictures of the society's work"]],
    ['text around an expression', '<a href={url}>Watch {title}</a>', ['Watch']],
    ['a template label', '<Carousel label={`Photos of ${title}`} />', ['Photos of']],
    ['text inside a loop', '<ul>{items.map((item) => <li>Item: {item}</li>)}</ul>', ['Item:']],
  ])('finds %s', (_case, source, expected) => {
    expect(hardCodedCopy(source)).toEqual(expected);
  });

  it.each([
    ['content values', '<h2 id="t" class="section-title">{title}</h2>'],
    ['interface words', '<span class="visually-hidden"> (opens in a new tab)</span>'],
    ['icons and punctuation', '<span aria-hidden="true">▶ ›</span>'],
    ['code and styles', '<script>const label = "Pause";</script><style>p { color: red; }</style>'],
    ['the frontmatter', '---\nconst title = "Home";\n---\n<p>{title}</p>'],
  ])('ignores %s', (_case, source) => {
    expect(hardCodedCopy(source)).toEqual([]);
  });
});

describe('the home page components', () => {
  it('include every home section', () => {
    expect(HOME_FILES).toEqual(expect.arrayContaining(['src/components/home/MilestonesBanner.astro']));
    expect(HOME_FILES.length).toBeGreaterThanOrEqual(9);
  });

  it.each(HOME_FILES)('%s takes all its copy from content/', (file) => {
    expect(hardCodedCopy(readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
