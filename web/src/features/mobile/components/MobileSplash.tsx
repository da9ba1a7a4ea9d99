// The visitor's drawer (spec 000 §2.12): Get started (/register?from_splash=1) and Log in
// (/login?from_splash=1), 'Get the app' when there is an app to get, and the splash picture
// with the blog it is credited to when there is one.
import { Link } from 'wouter';
import { AppLink } from '../../../components/AppLink';
import { blogHref, hasAllowedProtocol, isImageUrl, pageAddress } from '../mobileLinks';
import type { MobileHeaderData, MobileSplashData } from '../mobileHeaderData';

export function MobileSplash({ data }: { data: MobileHeaderData }) {
  const appUrl = data.hasApp && data.appUrl && hasAllowedProtocol(data.appUrl, pageAddress()) ? data.appUrl : null;
  return (
    <div className="mobile-splash">
      {data.splash ? (
        <SplashPicture splash={data.splash} />
      ) : (
        <p className="mobile-splash__brand">
          <span className="logo__mark" aria-hidden="true">
            d
          </span>
          dashwire
        </p>
      )}
      <div className="mobile-splash__actions">
        <Link to="/register?from_splash=1" className="button button--primary button--wide">
          Get started
        </Link>
        <Link to="/login?from_splash=1" className="button button--quiet button--wide">
          Log in
        </Link>
        {appUrl && (
          <a href={appUrl} className="mobile-splash__app">
            Get the app
          </a>
        )}
      </div>
    </div>
  );
}

/** The splash picture and the blog it is credited to, each shown when its address passes §5. */
function SplashPicture({ splash }: { splash: MobileSplashData }) {
  const credit = blogHref(splash.url, pageAddress());
  return (
    <figure className="mobile-splash__figure">
      {isImageUrl(splash.image, pageAddress()) && <img className="mobile-splash__image" src={splash.image} alt="" />}
      <figcaption className="mobile-splash__credit">
        {isImageUrl(splash.avatar, pageAddress()) && (
          <img className="mobile-drawer__avatar" src={splash.avatar} width={24} height={24} alt="" />
        )}
        {credit ? <AppLink href={credit}>{splash.name}</AppLink> : splash.name}
      </figcaption>
    </figure>
  );
}
