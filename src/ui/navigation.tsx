/**
 * Where a section is and how it moves on, without knowing who answers: on the built site each page is its own
 * document and an island reads the browser's address; in the editor's preview and in tests the router answers. Sections
 * read the address and follow links only through here, so the same component works in both.
 */
import { createContext, useContext, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { pagePath } from '../content/site-paths.ts';

export interface SiteAddress {
  /** The path within the site ("/influencers/3"), without the folder a project site lives in. */
  readonly pathname: string;
  /** "?q=ama&platform=youtube", or "" when there is none. */
  readonly search: string;
  /** The parameters of the page's route: the id of /influencers/:id. */
  readonly params: Readonly<Record<string, string | undefined>>;
  /** Different after every move, Back and Forward included, so a view can tell that the visitor arrived anew. */
  readonly key: string;
  /**
   * Goes to an address: "?..." is another view of this page (a history entry, unless `replace`), "/..." another page.
   */
  readonly go: (to: string, options?: { readonly replace?: boolean }) => void;
}

/** What a link needs, whoever draws it: a plain anchor on the built site, the router's link in the preview. */
export interface SiteLinkProps {
  readonly href: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly 'aria-label'?: string;
  readonly 'aria-current'?: 'page';
  readonly onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Whether a link stays inside the site. */
export const isInternalLink = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * An ordinary link: a page of the site is an ordinary page load, made fast by prefetching (src/islands/site.ts), at the
 * folder address hosts serve without a redirect ("/about/").
 */
export function PlainLink({ href, children, ...rest }: SiteLinkProps) {
  return (
    <a href={pagePath(href)} {...rest}>
      {children}
    </a>
  );
}

const NO_ADDRESS: SiteAddress = {
  pathname: '/',
  search: '',
  params: {},
  key: 'default',
  go: () => {
    throw new Error('No address is provided here: render the section inside the app or an island.');
  },
};

export const AddressContext = createContext<SiteAddress>(NO_ADDRESS);
/** The component that draws links to pages of the site; plain anchors unless a router says otherwise. */
export const LinkContext = createContext<ComponentType<SiteLinkProps>>(PlainLink);

/** The address the section is shown at. */
export const useAddress = (): SiteAddress => useContext(AddressContext);

/**
 * A link: through the router where there is one (the preview), a plain anchor otherwise. A link to another view of
 * the same page ("?page=2") moves without loading the page again, and Back returns to it.
 */
export function SmartLink({ href, onClick, ...rest }: SiteLinkProps) {
  const Link = useContext(LinkContext);
  const address = useAddress();
  if (href.startsWith('?')) {
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      event.preventDefault();
      address.go(href);
    };
    return <a href={pagePath(`${address.pathname}${href === '?' ? '' : href}`)} onClick={follow} {...rest} />;
  }
  if (!isInternalLink(href)) return <a href={href} onClick={onClick} {...rest} />;
  return <Link href={href} onClick={onClick} {...rest} />;
}
