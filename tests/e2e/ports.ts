export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
/** The reset-password test listens for the app's mail here. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 2525);
/** A small school website the knowledge tests serve for the app to read. */
export const SITE_PORT = Number(process.env.E2E_SITE_PORT || 3190);
/** A school's website on another origin (localhost vs 127.0.0.1) that embeds the chat widget. */
export const HOST_PAGE_PORT = Number(process.env.E2E_HOST_PAGE_PORT || 3191);
/** A second school website, on 127.0.0.1 with a port of its own. */
export const WEBSITE_PORT = Number(process.env.E2E_WEBSITE_PORT || 3192);
/** The OpenID provider the single sign-on tests run (tests/support/oidc-provider.ts). */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT || 3193);
/** The SAML identity provider the single sign-on tests run (tests/support/saml-idp.ts). */
export const SAML_IDP_PORT = Number(process.env.E2E_SAML_IDP_PORT || 3194);
