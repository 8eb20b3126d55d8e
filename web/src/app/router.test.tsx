import { matchRoutes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { routes } from './router';

function routeFor(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.[matches.length - 1].route;
  return last?.index ? 'index' : last?.path;
}

describe('the router', () => {
  it('serves every path of the paths module by its own route', () => {
    for (const [name, path] of Object.entries(paths)) {
      const pathname = path.replace(':slug', 'any-article');
      expect(routeFor(pathname), name).not.toBe('*');
    }
    expect(routeFor(paths.home)).toBe('index');
    expect(routeFor(paths.articleZeroTrust)).toBe(paths.article);
  });

  it('sends any other path to the not-found page', () => {
    expect(routeFor('/partner-admin/extra')).toBe('*');
    expect(routeFor('/no-such-page')).toBe('*');
  });
});
