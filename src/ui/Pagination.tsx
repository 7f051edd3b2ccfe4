import { Box } from '@chakra-ui/react/box';
import { fillPlaceholders } from '../content/placeholders.ts';
import { SmartLink } from './navigation.tsx';

export interface PaginationLabels {
  /** The name screen readers announce for the links, such as "Pages of results". */
  readonly label: string;
  readonly previous: string;
  readonly next: string;
  /** What screen readers announce for a numbered link; {page} is its number. */
  readonly page: string;
}

/**
 * The page numbers to link: the first and last, and two either side of the current one; null where some are left out.
 */
export function pageNumbersAround(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1]! > 1 ? [null, number] : [number]));
}

/**
 * Links to the pages of a long list: real links (hrefFor gives each its address), so every page has an address that
 * can be shared, opened in a new tab, and returned to with Back.
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  labels,
  onNavigate,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  labels: PaginationLabels;
  onNavigate?: () => void;
}) {
  if (pages <= 1) return null;
  const link = (target: number, text: string, label?: string) => (
    <Box
      asChild
      key={`${text}-${target}`}
      px="3"
      py="2"
      minW="10"
      textAlign="center"
      rounded="md"
      fontWeight="semibold"
      color="brand.fg"
      borderWidth="1px"
      borderColor="border"
      _hover={{ bg: 'brand.subtle' }}
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      _currentPage={{ bg: 'brand.solid', color: 'white', borderColor: 'brand.solid' }}
    >
      <SmartLink
        href={hrefFor(target)}
        aria-label={label}
        aria-current={target === page && label ? 'page' : undefined}
        onClick={onNavigate}
      >
        {text}
      </SmartLink>
    </Box>
  );
  return (
    <Box as="nav" aria-label={labels.label} mt="10">
      <Box as="ul" display="flex" flexWrap="wrap" justifyContent="center" gap="2" listStyleType="none">
        {page > 1 ? <li>{link(page - 1, labels.previous)}</li> : null}
        {pageNumbersAround(page, pages).map((number, index) =>
          number === null ? (
            <Box as="li" key={`gap-${index}`} aria-hidden="true" px="1" py="2" color="fg.muted">
              …
            </Box>
          ) : (
            <li key={number}>{link(number, String(number), fillPlaceholders(labels.page, { page: number }))}</li>
          ),
        )}
        {page < pages ? <li>{link(page + 1, labels.next)}</li> : null}
      </Box>
    </Box>
  );
}
