/** Content-Disposition of a download: an ASCII fallback name and the exact name in UTF-8 (RFC 6266). */
export const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
