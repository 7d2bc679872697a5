import { SsoScreen } from '@/components/sso/sso-screen';
import { requireSchoolId } from '@/lib/tenancy';
import { oidcRedirectUri } from '@/lib/sso/oidc';
import { samlAcsUrl, samlMetadataUrl, spEntityId } from '@/lib/sso/saml';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';

export const metadata = screenMetadata('sso');

// The values an IT department registers at its provider are known before anything is saved.
export default staffScreen('sso', (ctx) => {
  const schoolId = requireSchoolId(ctx);
  return <SsoScreen register={{ redirect_uri: oidcRedirectUri(), sp_entity_id: spEntityId(schoolId), acs_url: samlAcsUrl(schoolId), sp_metadata_url: samlMetadataUrl(schoolId) }} />;
});
