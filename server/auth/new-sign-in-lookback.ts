// How far back the new-sign-in alert looks for a session from the same browser and address. Its own module so that
// the configuration (pure, read by scripts) can refuse a session retention shorter than it without importing the
// alert's database code: a purge of younger sessions would make a known browser look new and send false alerts.
export const NEW_SIGN_IN_LOOKBACK_DAYS = 90;
