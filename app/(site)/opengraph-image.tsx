import { ImageResponse } from 'next/og';

// The social card of the public pages. `next/og` is Next's bundled build of @vercel/og.
export const alt = 'Lantern — every applicant’s question, answered the moment they ask it';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

export default function OpenGraphImage() {
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: 'linear-gradient(135deg, #0f172a 0%, #1e293b 60%, #78350f 100%)', color: 'white' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
          <div style={{ width: 88, height: 88, borderRadius: 20, background: '#f59e0b', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 56, fontWeight: 700, color: '#0f172a' }}>L</div>
          <div style={{ fontSize: 56, fontWeight: 700 }}>Lantern</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
          <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.1 }}>Every applicant’s question, answered the moment they ask it.</div>
          <div style={{ fontSize: 30, color: '#fde68a' }}>The admissions assistant for schools and colleges</div>
        </div>
      </div>
    ),
    size,
  );
}
