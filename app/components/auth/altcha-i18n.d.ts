/** ALTCHA's language packs (node_modules/altcha/dist/i18n): each registers its words with the widget when loaded. */
declare module "altcha/i18n/es-419";
declare module "altcha/i18n/fr-ca";
