import { route } from '@/lib/http/route';
import { notFound } from '@/lib/http/errors';
import { mySchoolOperations } from '@/lib/schools/operations';
import { UPLOAD_CONTENT_SECURITY_POLICY } from '@/lib/security/page-headers';
import { findPublicBlob } from '@/lib/storage/blobs';

const isImage = (type: string) => /^image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)$/.test(type);

export const GET = route(mySchoolOperations.upload, async ({ params }) => {
  const blob = await findPublicBlob(params.id);
  if (!blob) throw notFound('Upload not found');
  return new Response(Buffer.from(blob.data), {
    headers: {
      'content-type': blob.contentType,
      'content-length': String(blob.size),
      // Ids are never reused, so the bytes behind one never change.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // The type was checked from the bytes when stored. Images show in place; anything else
      // (a voice preview, say) opened directly downloads rather than renders.
      'content-disposition': isImage(blob.contentType) ? 'inline' : `attachment; filename="upload-${params.id}"`,
      // Opened directly (an SVG, say), an upload can run nothing and reach nothing.
      'content-security-policy': UPLOAD_CONTENT_SECURITY_POLICY,
    },
  });
});
