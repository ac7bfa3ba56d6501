import type { HomeContent } from '../../../shared/home-content.ts';
import text from '../../../../content/home.json?raw';

// All of content/home.json, for the home page alone. Read as text so the build keeps it a module
// of its own: src/web/content.ts takes only the company block for the other pages.
export const home = JSON.parse(text) as HomeContent;

// Pictures are bundled (hashed file names, long caching); the JSON names them by file name.
const imageUrls = import.meta.glob<string>('../../../../content/images/*', { eager: true, query: '?url', import: 'default' });

export function imageUrl(fileName: string): string {
  const url = imageUrls[`../../../../content/images/${fileName}`];
  if (!url) throw new Error(`content/images/${fileName} is named in content/home.json but does not exist`);
  return url;
}
