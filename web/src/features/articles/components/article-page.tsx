import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { articles, type Article } from '../data/articles';
import { ArticleCard } from './article-card';

export function ArticlePage({ article }: { article: Article }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [article.slug]);

  const related = articles.filter((candidate) => article.relatedSlugs?.includes(candidate.slug));

  return (
    <article>
      <header className="bg-gradient-to-br from-navy-950 via-navy-900 to-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
          <Link
            to={article.backTo.path}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-300 hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {article.backTo.label}
          </Link>
          <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-brand-300">{article.category}</p>
          <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-sm text-slate-300">
            By {article.author} · <time dateTime={article.date}>{formatDate(article.date, 'd MMMM yyyy')}</time> ·{' '}
            {article.readTime}
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-lg text-slate-700 dark:text-slate-200">{article.excerpt}</p>
        {article.sections.map((section, index) => (
          <section key={section.heading ?? index} className="mt-8">
            {section.heading && <h2 className="text-2xl font-bold">{section.heading}</h2>}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
            {section.bullets && (
              <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700 dark:text-slate-300">
                {section.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <aside className="mt-12 rounded-xl bg-slate-100 p-6 dark:bg-navy-900">
          <h2 className="text-xl font-bold">Ready to strengthen your defences?</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Talk to our specialists about the right mix of technology and services for your organisation.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to={paths.contact}>Contact Our Experts</ButtonLink>
            <ButtonLink to={paths.services} variant="outline">
              Explore Our Services
            </ButtonLink>
          </div>
        </aside>
        {related.length > 0 && (
          <section className="mt-12" aria-labelledby="related-heading">
            <h2 id="related-heading" className="text-xl font-bold">
              Related Articles
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2">
              {related.map((item) => (
                <ArticleCard key={item.slug} article={item} />
              ))}
            </div>
          </section>
        )}
      </div>
    </article>
  );
}
