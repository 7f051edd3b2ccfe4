import { createContext, useContext } from 'react';
import type { PageData } from '../contract/site-config.ts';

/** The collections the current page shows, loaded with the page; sections read them with usePageData(). */
export const PageDataContext = createContext<PageData>({});

export const usePageData = () => useContext(PageDataContext);
