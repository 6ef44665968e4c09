export { inertia, isInertiaRequest, type InertiaOptions, type InertiaResponse, type RenderOptions } from './adapter.js';
export { always, defer, merge, optional, resolveProps, type PropInput, type PropsInput } from './props.js';
export { pageScriptTag, serializePage, type InertiaPage } from './page.js';
