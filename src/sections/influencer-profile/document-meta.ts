import { use } from 'react';
import type { Params } from 'react-router-dom';
import { fillPlaceholders, influencerPlaceholderValues } from '../../content/placeholders.ts';
import { influencerIdOf, influencerResource } from '../../influencers/store.ts';
import type { DocumentMeta, SectionOf } from '../section-definition.ts';
import { pictureAddress, PICTURE_USES, SHARE_FORMAT, type BuiltPicture } from '../../content/pictures.ts';
import { tracked, type Resource } from '../../ui/resource.ts';

/**
 * The Markdown parser, loaded with a profile (definition.ts preloads it) rather than imported: sections' definitions
 * are in the registry islands load, and the parser is never sent to visitors (pages are titled when they are built).
 */
let markdownModule: Resource<typeof import('../../content/markdown.ts')> | undefined;
export const markdownForMeta = () => (markdownModule ??= tracked(import('../../content/markdown.ts')));

/**
 * A profile page is titled by the influencer of its address: the page's title and description with
 * {influencer.name} and the like filled in, or the section's not-found title for an unknown id.
 */
export function influencerProfileMeta(
  section: SectionOf<'influencer-profile'>,
  params: Readonly<Params>,
  page: DocumentMeta,
): DocumentMeta {
  const id = influencerIdOf(params.id);
  // Read during the page's render, like the profile itself: known at once when pre-rendered or preloaded.
  const influencer = id === undefined ? undefined : use(influencerResource(id));
  if (!influencer) return { title: section.notFound.title, description: section.notFound.text };
  // The title and description are words alone: a formatted bio gives them its words without its marks.
  const { wordsOf } = use(markdownForMeta());
  const values = { ...influencerPlaceholderValues(influencer), 'influencer.bio': wordsOf(influencer.bio) };
  const { photo } = influencer as { photo?: BuiltPicture };
  return {
    title: fillPlaceholders(page.title, values),
    description: fillPlaceholders(page.description, values),
    // Their profile is shared with their photo, cut to a link preview's shape, once the build has made it.
    image: photo?.files
      ? {
          path: pictureAddress(photo.files, 'share', PICTURE_USES.share.widths[0]!, SHARE_FORMAT.extension),
          alt: photo.alt,
        }
      : page.image,
  };
}
