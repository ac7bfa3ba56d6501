import { z } from 'zod';

// The shape of content/home.json: the public page's words and pictures, kept out of the code so
// the owner can change them. A unit test checks the file against this schema.
const picture = {
  image: z.string().regex(/^[\w.-]+\.(svg|webp|jpe?g|png|avif)$/, 'must be a file name in content/images'),
  alt: z.string().min(3),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
};

export const homeContentSchema = z.object({
  company: z.object({
    name: z.string().min(1),
    tagline: z.string().min(1),
    email: z.email(),
    address: z.string().min(1),
    copyright: z.string().min(1),
  }),
  carousel: z.array(z.object({ ...picture, title: z.string().min(1), caption: z.string().min(1) })).length(4),
  gallery: z.object({
    title: z.string().min(1),
    items: z.array(z.object({ ...picture, caption: z.string().min(1) })).length(5),
  }),
  articles: z.array(z.object({ ...picture, title: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) })).length(3),
  faq: z.object({
    label: z.string().min(1),
    title: z.string().min(1),
    items: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).length(5),
  }),
});

export type HomeContent = z.infer<typeof homeContentSchema>;
