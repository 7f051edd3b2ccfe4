/**
 * The directory's first answer: until React attaches to it, typing in the search filters the cards the page holds,
 * on its own HTML, by the same rule (search.ts). The count says how many of the whole network match, at once when the
 * page holds every creator, else as soon as the search data has arrived (it starts loading with the first letter;
 * until then the count is blank and the results busy, as the island shows them). The address keeps the search as the
 * island keeps it (replaced, so Back still leaves the page), and "Clear filters" empties the search.
 *
 * When React attaches, this hands over: the page is put back as it was pre-rendered, React attaches to that, and the
 * search box's text is given to the island as if typed then (src/islands/early-actions.ts), which shows the same
 * results before the browser draws (the search data, once here, is at hand to it: search-index.ts). Plain DOM code.
 */
import { fillPlaceholders } from '../content/placeholders.ts';
import type { FirstAnswer, FirstAnswerContext } from '../contract/first-answer.ts';
import { directoryQueryToParams, isUnfiltered, matchesDirectoryQuery, type DirectoryQuery } from './search.ts';
import { influencerIndexAtHand, loadInfluencerIndex, type IndexedInfluencer } from './search-index.ts';

/** The address's parameters that ask for another view than the pre-rendered one, which the island shows itself. */
const VIEW_PARAMETERS = ['q', 'platform', 'niche', 'page'];

const NO_ANSWER: FirstAnswer = { click: () => false, handOver: () => undefined };

/** Starts answering the search of the directory pre-rendered inside `island`. */
export async function answerSearchFirst(
  island: HTMLElement,
  { section, data }: FirstAnswerContext<'influencer-directory'>,
): Promise<FirstAnswer> {
  const directory = data.directory;
  const box = island.querySelector<HTMLInputElement>('input[type="search"]');
  const status = island.querySelector<HTMLElement>('[role="status"]');
  const results = status?.parentElement;
  const grid = island.querySelector<HTMLElement>('[data-cards]');
  const cards = grid ? [...grid.children].filter((card): card is HTMLElement => card instanceof HTMLElement) : [];
  const empty = island.querySelector<HTMLElement>('[data-empty]');
  const pagination = results?.querySelector<HTMLElement>(':scope > nav');
  const asked = new URLSearchParams(window.location.search);
  if (
    !directory ||
    !box ||
    !status ||
    !results ||
    !empty ||
    cards.length !== directory.firstPage.length ||
    VIEW_PARAMETERS.some((parameter) => asked.has(parameter))
  )
    return NO_ANSWER;

  const pageCards = directory.firstPage.map((influencer, at) => ({ influencer, card: cards[at]! }));
  const asBuilt = { count: status.textContent, busy: results.getAttribute('aria-busy') };
  let index: readonly IndexedInfluencer[] | undefined = influencerIndexAtHand(directory);
  let answering = true;

  const putBack = () => {
    for (const { card } of pageCards) card.hidden = false;
    status.textContent = asBuilt.count;
    if (asBuilt.busy === null) results.removeAttribute('aria-busy');
    else results.setAttribute('aria-busy', asBuilt.busy);
    grid?.style.removeProperty('opacity');
    empty.hidden = true;
    if (pagination) pagination.hidden = false;
  };

  const show = () => {
    const query: DirectoryQuery = { text: box.value, platform: 'all', niche: 'all' };
    // The address as the island writes it.
    const params = directoryQueryToParams(query);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${params.size > 0 ? `?${params}` : ''}${window.location.hash}`,
    );
    if (isUnfiltered(query)) return putBack();
    if (!index)
      void loadInfluencerIndex(directory.indexUrl).then(
        (loaded) => {
          index = loaded;
          if (answering) show();
        },
        () => undefined,
      );
    const matches = index?.filter((influencer) => matchesDirectoryQuery(influencer, query, influencer.searchKey));
    let onPage = 0;
    for (const { influencer, card } of pageCards) {
      card.hidden = !matchesDirectoryQuery(influencer, query);
      if (!card.hidden) onPage++;
    }
    const count = matches?.length;
    status.textContent =
      count === undefined ? '' : fillPlaceholders(count === 1 ? section.countOne : section.countOther, { count });
    // Busy while the count is unknown, or while matches beyond this page are still to be drawn by the island.
    const complete = count !== undefined && onPage >= Math.min(count, section.pageSize);
    results.setAttribute('aria-busy', String(!complete));
    if (count === undefined) grid?.style.setProperty('opacity', '0.5');
    else grid?.style.removeProperty('opacity');
    empty.hidden = count !== 0;
    if (pagination) pagination.hidden = true;
  };

  box.addEventListener('input', show);
  // Text typed before this code arrived is answered too.
  if (box.value !== box.defaultValue) show();
  return {
    click: (target) => {
      if (!empty.contains(target)) return false;
      // "Clear filters": the search emptied as if by the visitor, so the island is given the empty search too.
      box.value = '';
      box.dispatchEvent(new Event('input', { bubbles: true }));
      return true;
    },
    handOver: () => {
      answering = false;
      box.removeEventListener('input', show);
      putBack();
    },
  };
}
