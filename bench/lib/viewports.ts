/** The viewports of the page targets (decision 007: no JS before interaction on either): a 1366×900 desktop and a 390×844 phone. */
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };
export const PHONE_VIEWPORT = { width: 390, height: 844 };
