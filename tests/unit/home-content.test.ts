import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeContentSchema } from '../../src/shared/home-content.ts';

const raw = JSON.parse(fs.readFileSync('content/home.json', 'utf8'));

describe('content/home.json', () => {
  const content = homeContentSchema.parse(raw);

  it('has the spec headings and article titles', () => {
    expect(content.company.name).toBe('AMA Metal & Wire Industries');
    expect(content.company.tagline).toBe('A Furnace Industry of BD');
    expect(content.articles.map((a) => a.title)).toEqual(['Furnace Wire', 'The Crucial Role of Furnaces in Cable', 'Evolution of Furnace Industries']);
    expect(content.faq.title).toBe('Frequently Asked Questions');
    expect(content.faq.label).toBe('How it works');
  });

  it('answers the five FAQ questions with the facts the spec names', () => {
    const text = content.faq.items.map((i) => `${i.question} ${i.answer}`);
    expect(text[1]).toMatch(/nichrome/i);
    expect(text[1]).toMatch(/Kanthal/);
    expect(text[2]).toMatch(/resistance/i);
    expect(text[3]).toMatch(/1,200/);
    expect(text[3]).toMatch(/1,400 °C or higher/);
    for (const factor of [/maximum operating temperature/i, /resistance/i, /environment/i, /mechanical strength/i]) expect(text[4]).toMatch(factor);
  });

  it('names pictures that exist, with their true size', () => {
    const pictures = [...content.carousel, ...content.gallery.items, ...content.articles];
    expect(pictures).toHaveLength(12);
    for (const p of pictures) {
      const file = path.join('content/images', p.image);
      expect(fs.existsSync(file), file).toBe(true);
      if (p.image.endsWith('.svg')) {
        const svg = fs.readFileSync(file, 'utf8');
        expect(svg, file).toContain(`width="${p.width}"`);
        expect(svg, file).toContain(`height="${p.height}"`);
        expect(svg, file).not.toMatch(/<script|href="http/);
      }
    }
  });
});
