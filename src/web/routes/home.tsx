import { digitsFor } from '../../shared/digits';
import { fill } from '../../shared/messages';
import { home, imageUrl, useHomeContent } from '../features/home/home-page-content';
import { useLanguage, useMessages } from '../lib/i18n';
import { today } from '../lib/today';
import { useNow } from '../lib/use-now';
import { titleIn } from '../lib/title';

export function meta() {
  return [{ title: titleIn(`${home.company.name} · ${home.company.tagline}`) }, { property: 'og:title', content: home.company.name }];
}

export default function Home() {
  return (
    <main>
      <Carousel />
      <Company />
      <Articles />
      <Faq />
      <TodayLine />
    </main>
  );
}

function Carousel() {
  const m = useMessages();
  const lang = useLanguage();
  const slides = useHomeContent().carousel;
  const count = (n: number) => digitsFor(String(n), lang);
  return (
    <section aria-label={m.highlights} className="carousel w-full bg-neutral">
      {slides.map((slide, i) => {
        const number = i + 1;
        // The arrows wrap: slide 1 goes back to the last slide, the last forward to slide 1.
        const prev = ((i - 1 + slides.length) % slides.length) + 1;
        const next = ((i + 1) % slides.length) + 1;
        return (
          <div
            key={slide.image}
            id={`slide${number}`}
            className="carousel-item relative w-full"
            aria-roledescription="slide"
            aria-label={fill(m.slideOf, { number: count(number), count: count(slides.length) })}
          >
            <img
              src={imageUrl(slide.image)}
              alt={slide.alt}
              width={slide.width}
              height={slide.height}
              className="h-56 w-full object-cover sm:h-auto"
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <div className="absolute inset-y-0 left-0 flex w-3/4 flex-col justify-center gap-1 px-14 text-white sm:w-1/2 sm:gap-3 sm:px-20">
              <p className="text-lg font-extrabold leading-tight drop-shadow sm:text-4xl">{slide.title}</p>
              <p className="hidden text-base text-white/90 drop-shadow sm:block">{slide.caption}</p>
            </div>
            <div className="absolute left-2 right-2 top-1/2 flex -translate-y-1/2 justify-between sm:left-5 sm:right-5">
              <a href={`#slide${prev}`} className="btn btn-circle btn-sm sm:btn-md" aria-label={fill(m.previousSlide, { number: count(prev) })}>
                ❮
              </a>
              <a href={`#slide${next}`} className="btn btn-circle btn-sm sm:btn-md" aria-label={fill(m.nextSlide, { number: count(next) })}>
                ❯
              </a>
            </div>
          </div>
        );
      })}
    </section>
  );
}

function Company() {
  const { company, gallery } = useHomeContent();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 text-center sm:py-16">
      <h1 className="text-3xl font-black tracking-tight text-primary sm:text-5xl">{company.name}</h1>
      <p className="mt-2 text-lg font-medium text-brand sm:text-xl">{company.tagline}</p>
      <h2 className="mt-10 text-xl font-bold">{gallery.title}</h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {gallery.items.map((item, i) => (
          <li key={item.image} className={i === 4 ? 'col-span-2 sm:col-span-1' : undefined}>
            <figure className="overflow-hidden rounded-box bg-base-200 shadow-sm">
              <Picture of={item} />
              <figcaption className="px-2 py-2 text-sm font-medium">{item.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Articles() {
  const m = useMessages();
  const { articles } = useHomeContent();
  return (
    <section aria-label={m.articles} className="bg-base-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-16 lg:grid-cols-3">
        {articles.map((article) => (
          <article key={article.title} className="card bg-base-100 shadow-sm">
            <figure>
              <Picture of={article} />
            </figure>
            <div className="card-body gap-3">
              <h2 className="card-title text-xl">{article.title}</h2>
              {article.paragraphs.map((text) => (
                <p key={text.slice(0, 40)} className="leading-relaxed">
                  {text}
                </p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

function Faq() {
  const { faq } = useHomeContent();
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <p className="text-center text-sm font-semibold uppercase tracking-widest text-brand">{faq.label}</p>
      <h2 id="faq-title" className="mt-1 text-center text-2xl font-bold sm:text-3xl">
        {faq.title}
      </h2>
      <div className="mt-8 flex flex-col gap-3">
        {faq.items.map((item) => (
          <details key={item.question} className="collapse collapse-arrow border border-base-300 bg-base-100">
            <summary className="collapse-title font-semibold">{item.question}</summary>
            <div className="collapse-content leading-relaxed">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}

function TodayLine() {
  const m = useMessages();
  const now = useNow();
  const day = now ? today(now) : null;
  // Served without React, `/` gets the same date from home-island.ts through data-live.
  return (
    <p className="mx-auto max-w-6xl px-4 pb-10 text-center text-sm">
      {m.dateLabel}
      <time dateTime={day?.iso} className="inline-block min-w-[14ch] text-left font-medium" data-live="today">
        {day?.text ?? ''}
      </time>
    </p>
  );
}

/** A picture below the fold: its own size (no layout shift), loaded when scrolled near. */
function Picture({ of }: { of: { image: string; alt: string; width: number; height: number } }) {
  return <img src={imageUrl(of.image)} alt={of.alt} width={of.width} height={of.height} loading="lazy" decoding="async" className="h-auto w-full" />;
}
