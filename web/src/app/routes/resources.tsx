import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { articles } from '@/features/articles/data/articles';
import { ArticleGrid } from '@/features/articles/components/article-card';
import { tools, webinars, whitepapers } from '@/features/resources/data/resources';
import { ToolList, WebinarList, WhitepaperList } from '@/features/resources/components/resource-lists';
import { NewsletterBox } from '@/features/resources/components/newsletter-box';

export function ResourcesRoute() {
  return (
    <>
      <PageHeader eyebrow="Resources" title="Insights, research and tools for security leaders">
        Articles, whitepapers, webinars and free tools from the GulfSec Distribution team and our vendor partners.
      </PageHeader>
      <Section title="Latest articles">
        <ArticleGrid items={articles} />
      </Section>
      <Section title="Whitepapers" className="bg-slate-50 dark:bg-navy-900/40">
        <WhitepaperList items={whitepapers} />
      </Section>
      <Section title="Webinars">
        <WebinarList items={webinars} />
      </Section>
      <Section title="Free tools" className="bg-slate-50 dark:bg-navy-900/40">
        <ToolList items={tools} />
      </Section>
      <Section>
        <NewsletterBox />
      </Section>
    </>
  );
}
