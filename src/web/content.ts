import type { HomeContent } from '../shared/home-content.ts';
import type { Lang } from '../shared/messages.ts';
import { company } from '../../content/home.json';
import { company as companyBn } from '../../content/home.bn.json';

// What every page's frame (header, footer, printed statements) shows of content/home.json: the
// company block only. A named import, so the build keeps the rest of the file (the home page's
// text and pictures, in ./features/home/home-page-content.ts) out of the signed-in screens' scripts.
export const home: Pick<HomeContent, 'company'> = { company };

/** The company block in a language (content/home.bn.json's for Bangla: the tagline, address and copyright line). */
export const companyIn = (lang: Lang): HomeContent['company'] => (lang === 'bn' ? companyBn : company);
