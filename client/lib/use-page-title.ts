import { PRODUCT_NAME } from '@common/constants.ts';
import { useEffect } from 'react';

const DEFAULT_TITLE = `${PRODUCT_NAME}: utility data reports for energy professionals`;

/** Names the browser tab after the page; without a title, the product's own. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : DEFAULT_TITLE;
  }, [title]);
}
