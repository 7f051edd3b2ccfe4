import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { AddressContext, LinkContext, type SiteAddress, type SiteLinkProps } from '../ui/navigation.tsx';

/** A link to a page of the site through the router, for the app (pre-rendering, the editor's preview, tests). */
function RouterLink({ href, ...rest }: SiteLinkProps) {
  return <Link to={href} {...rest} />;
}

/**
 * Links drawn by the router, where the router moves between pages in the browser (the dev server, the editor's preview,
 * tests). Pre-rendering leaves them plain anchors, as the built site has no router.
 */
export function RouterLinks({ children }: { children: ReactNode }) {
  return <LinkContext value={RouterLink}>{children}</LinkContext>;
}

/** The router's address for the page it shows, as the sections read it (src/ui/navigation.tsx). */
export function RouterAddress({ children }: { children: ReactNode }) {
  const { pathname, search, key } = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  const address = useMemo<SiteAddress>(
    () => ({
      pathname,
      search,
      params,
      key,
      // Another view of the same page keeps the scroll where it is, as on the built site.
      go: (to, options) => void navigate(to, { replace: options?.replace, preventScrollReset: to.startsWith('?') }),
    }),
    [pathname, search, key, params, navigate],
  );
  return <AddressContext value={address}>{children}</AddressContext>;
}
