export { CatalogSelect } from './CatalogSelect';
export { Okpd2Select, OkeiSelect } from './Okpd2Select';
export { OptionsSelect } from './OptionsSelect';
export { LAW_TITLES, METHOD_TITLES, methodOptions, methodTitle, useMethods } from './methods';
