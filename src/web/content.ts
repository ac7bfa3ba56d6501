import type { HomeContent } from '../shared/home-content.ts';
import raw from '../../content/home.json';

// Pictures are bundled (hashed file names, long caching); the JSON names them by file name.
const imageUrls = import.meta.glob<string>('../../content/images/*', { eager: true, query: '?url', import: 'default' });

export const home = raw as HomeContent;

export function imageUrl(fileName: string): string {
  const url = imageUrls[`../../content/images/${fileName}`];
  if (!url) throw new Error(`content/images/${fileName} is named in content/home.json but does not exist`);
  return url;
}
