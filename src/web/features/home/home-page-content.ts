import { useEffect, useState } from 'react';
import type { HomeContent } from '../../../shared/home-content.ts';
import type { Lang } from '../../../shared/messages.ts';
import { useLanguage } from '../../lib/i18n';
import text from '../../../../content/home.json?raw';

// All of content/home.json, for the home page alone. Read as text so the build keeps it a module
// of its own: src/web/content.ts takes only the company block for the other pages.
export const home = JSON.parse(text) as HomeContent;

// content/home.bn.json, the same page in Bangla: fetched the first time the page is shown in Bangla.
let bangla: HomeContent | null = null;

export async function loadHomeContent(lang: Lang): Promise<HomeContent> {
  if (lang === 'en') return home;
  bangla ??= JSON.parse((await import('../../../../content/home.bn.json?raw')).default) as HomeContent;
  return bangla;
}

/** The home page's words in the interface language (English until the Bangla file has arrived). */
export function useHomeContent(): HomeContent {
  const lang = useLanguage();
  const [, loaded] = useState(0);
  useEffect(() => {
    if (lang === 'bn' && !bangla) void loadHomeContent('bn').then(() => loaded((n) => n + 1));
  }, [lang]);
  return lang === 'bn' && bangla ? bangla : home;
}

// Pictures are bundled (hashed file names, long caching); the JSON names them by file name.
const imageUrls = import.meta.glob<string>('../../../../content/images/*', { eager: true, query: '?url', import: 'default' });

export function imageUrl(fileName: string): string {
  const url = imageUrls[`../../../../content/images/${fileName}`];
  if (!url) throw new Error(`content/images/${fileName} is named in content/home.json but does not exist`);
  return url;
}
