import { useParams } from 'react-router-dom';
import { findArticle } from '@/features/articles/data/articles';
import { ArticlePage } from '@/features/articles/components/article-page';
import { NotFoundRoute } from './not-found';

export function ArticleRoute() {
  const { slug } = useParams();
  const article = findArticle(slug);
  return article ? <ArticlePage article={article} /> : <NotFoundRoute />;
}
