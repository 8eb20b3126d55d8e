import { Link } from 'react-router-dom';
import { ArrowRight, Clock } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { Card } from '@/components/ui/card';
import type { Article } from '../data/articles';

export function ArticleCard({ article }: { article: Article }) {
  return (
    <Card className="flex h-full flex-col">
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
        {article.category}
      </p>
      <h3 className="mt-2 text-lg font-bold">
        <Link to={article.path} className="hover:text-brand-700">
          {article.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{article.excerpt}</p>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
        <span>{article.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={article.date}>{formatDate(article.date, 'd MMMM yyyy')}</time>
        <span aria-hidden="true">·</span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="h-3 w-3" />
          {article.readTime}
        </span>
      </div>
      <Link
        to={article.path}
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400"
        aria-label={`Read more: ${article.title}`}
      >
        Read more <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </Card>
  );
}

export function ArticleGrid({ items }: { items: Article[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {items.map((article) => (
        <ArticleCard key={article.slug} article={article} />
      ))}
    </div>
  );
}
