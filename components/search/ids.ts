// The header search box's element id: the server renders the box, the enhancer and the popup find it by this id.
export const SEARCH_INPUT_ID = "site-search";

export function searchBox(): HTMLInputElement | null {
  return document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement | null;
}
