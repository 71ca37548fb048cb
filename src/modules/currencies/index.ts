/** What other modules may use of currencies: the rest of the folder is its own. */
export { currenciesRoutes } from './currencies.routes.js';
export { CurrenciesService, MAX_CURRENCIES, POINTS } from './currencies.service.js';
export type { CurrencyCatalog, CurrencyDef, CurrencyUse } from './currencies.service.js';
export { levelAt, levelsCrossed } from './levels.js';
export type { Level } from './levels.js';
