import { useEffect } from 'react';

export const APP_NAME = 'Javelin';

/** Names the browser tab after the page, so tabs and history entries can be told apart. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
