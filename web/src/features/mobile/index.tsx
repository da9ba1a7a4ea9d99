// The phone layout (spec 000 §2.12): below the breakpoint the mobile header, with its drawer
// and search, takes the page header's place.
export { PHONE_MAX_WIDTH, PHONE_MEDIA_QUERY, useIsPhone } from './breakpoint';
export { MobileHeader } from './components/MobileHeader';
export { MOBILE_FLAGS, type MobileFlags } from './mobileFlags';
