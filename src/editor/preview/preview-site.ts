import type formLoaders from 'virtual:forms';
import type pageDataLoaders from 'virtual:page-data';
import type { SiteShell } from '../../contract/site-config.ts';
import { sitePath } from '../../content/site-paths.ts';
import { forgetInfluencers } from '../../influencers/store.ts';
import type { PreviewPayload } from '../protocol/files.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type PageDataLoader = (typeof pageDataLoaders)[string];
type FormLoader = (typeof formLoaders)[string];

/**
 * The preview's stand-ins for the modules the build serves the renderer, filled from the unsaved config. Each is
 * one object, changed in place, because the renderer imports them once and reads them as it draws.
 */
export const previewShell = { site: undefined, navigation: undefined, pages: [] } as unknown as Mutable<SiteShell>;
export const previewPageData: Record<string, PageDataLoader> = {};
export const previewForms: Record<string, FormLoader> = {};

/** The text of each page's data, by route, to keep a page's loader (and what it loaded) while its data is unchanged. */
const pageDataTexts = new Map<string, string>();
const formAddresses = new Map<string, string>();
let influencersVersion = '';

/** Replaces every entry of `target` with those of `next`, keeping the object. */
function replaceEntries<T>(target: Record<string, T>, next: Record<string, T>): void {
  for (const key of Object.keys(target)) if (!(key in next)) delete target[key];
  Object.assign(target, next);
}

/**
 * Takes in a new preview of the site. A page, a form or an influencer that changed gets a new loader (or its cache
 * is emptied), so the renderer loads it again; the rest keep what they loaded.
 */
export function applyPreview(payload: PreviewPayload): void {
  Object.assign(previewShell, payload.shell);
  const pages: Record<string, PageDataLoader> = {};
  for (const [route, data] of Object.entries(payload.pageData)) {
    const text = JSON.stringify(data);
    const unchanged = pageDataTexts.get(route) === text && previewPageData[route];
    pages[route] = unchanged || (() => Promise.resolve({ default: JSON.parse(text) }));
    pageDataTexts.set(route, text);
  }
  replaceEntries(previewPageData, pages);
  const forms: Record<string, FormLoader> = {};
  for (const [name, address] of Object.entries(payload.forms)) {
    const unchanged = formAddresses.get(name) === address && previewForms[name];
    // In the session's folder, as everything the preview shows of the site being edited.
    forms[name] = unchanged || (() => import(/* @vite-ignore */ sitePath(address)));
    formAddresses.set(name, address);
  }
  replaceEntries(previewForms, forms);
  if (payload.influencersVersion !== influencersVersion) {
    influencersVersion = payload.influencersVersion;
    forgetInfluencers();
  }
}
