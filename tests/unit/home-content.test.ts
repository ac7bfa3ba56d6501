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

describe('content/home.bn.json, the home page in Bangla', () => {
  const bn = homeContentSchema.parse(JSON.parse(fs.readFileSync('content/home.bn.json', 'utf8')));

  /** Every path to a value: 'carousel.0.title', … (array places included, so lengths must match too). */
  const paths = (value: unknown, at = ''): string[] =>
    value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => paths(v, at ? `${at}.${k}` : k)) : [at];
  const valueAt = (value: unknown, at: string): unknown => at.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);

  it('has exactly the keys of home.json', () => {
    expect(paths(bn).sort()).toEqual(paths(raw).sort());
  });

  it('names the same pictures with the same sizes, and keeps the company name and email', () => {
    for (const at of paths(raw).filter((p) => /\.(image|width|height)$/.test(p))) expect(valueAt(bn, at), at).toEqual(valueAt(raw, at));
    expect(bn.company.name).toBe('AMA Metal & Wire Industries');
    expect(bn.company.email).toBe(raw.company.email);
  });

  it('says every other text in Bangla, with figures in Bengali digits', () => {
    const texts = paths(raw).filter((p) => typeof valueAt(raw, p) === 'string' && !/\.image$|^company\.(name|email)$/.test(p));
    for (const at of texts) {
      const text = String(valueAt(bn, at));
      expect(text, at).not.toBe(valueAt(raw, at));
      expect(text, at).toMatch(/[\u0980-\u09ff]/);
      expect(text, at).not.toMatch(/[0-9]/);
    }
    expect(bn.faq.items[3]?.answer).toContain('১,২০০');
    expect(bn.faq.items[3]?.answer).toContain('১,৪০০');
  });
});
