/**
 * The length of the site's videos, read from their files at build time (src/data/media.ts), so that the copy that
 * states it (the home page's "A {seconds}-second tour") is never written by hand. Pure: it reads the bytes it is given.
 */

/** The home page's tour video, in the two formats it is served in (src/components/home/VideoTour.astro). */
export const TOUR_VIDEO = { webm: '/media/home/tour.webm', mp4: '/media/home/tour.mp4' } as const;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Where `pattern` first occurs in `bytes`, or -1. */
function find(bytes: Uint8Array, pattern: number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * An MP4 file's length in seconds: its movie header box ("mvhd": a version byte, three of flags, the creation and
 * modification times, then the time scale in units a second and the duration in those units; times and duration are
 * 32-bit in version 0, 64-bit in version 1).
 */
export function mp4Seconds(bytes: Uint8Array): number {
  const at = find(
    bytes,
    [...'mvhd'].map((c) => c.charCodeAt(0)),
  );
  if (at < 0) throw new Error('not an MP4 file: no movie header (mvhd)');
  const data = view(bytes);
  const version = data.getUint8(at + 4);
  const scaleAt = at + 4 + 4 + (version === 1 ? 16 : 8);
  const scale = data.getUint32(scaleAt);
  const duration = version === 1 ? Number(data.getBigUint64(scaleAt + 4)) : data.getUint32(scaleAt + 4);
  if (!(scale > 0)) throw new Error('an MP4 file whose movie header has no time scale');
  return duration / scale;
}

/**
 * An MP4 file's frame size, in pixels: its first track header's ("tkhd") width and height, fixed-point numbers of 16.16
 * bits after a version byte, three of flags, its times, track id and duration (32-bit in version 0, 64-bit in version
 * 1), 8 reserved bytes, layer, group, volume, 2 reserved bytes and a matrix of 36 bytes. The site's videos have one
 * track, the picture's.
 */
export function mp4Size(bytes: Uint8Array): { width: number; height: number } {
  const at = find(
    bytes,
    [...'tkhd'].map((c) => c.charCodeAt(0)),
  );
  if (at < 0) throw new Error('not an MP4 file: no track header (tkhd)');
  const data = view(bytes);
  const sizeAt = at + 4 + (data.getUint8(at + 4) === 1 ? 88 : 76);
  const width = data.getUint32(sizeAt) / 65536;
  const height = data.getUint32(sizeAt + 4) / 65536;
  if (!(width > 0 && height > 0)) throw new Error('an MP4 file whose track header has no frame size');
  return { width, height };
}

/**
 * A WebM (Matroska) file's length in seconds: its segment's Duration element (ID 0x4489, a 4- or 8-byte float) in
 * units of its TimecodeScale (ID 0x2AD7B1, nanoseconds; a million, a millisecond, when it is left out).
 */
export function webmSeconds(bytes: Uint8Array): number {
  const data = view(bytes);
  /** An element's value: its size is a variable-length integer after the ID (here one byte, 0x80 | size). */
  const element = (id: number[]) => {
    const at = find(bytes, id);
    if (at < 0) return null;
    const sizeByte = data.getUint8(at + id.length);
    if (!(sizeByte & 0x80)) throw new Error('a WebM element whose size takes more than one byte');
    return { at: at + id.length + 1, size: sizeByte & 0x7f };
  };
  const duration = element([0x44, 0x89]);
  if (!duration) throw new Error('a WebM file without a Duration element');
  const value = duration.size === 8 ? data.getFloat64(duration.at) : data.getFloat32(duration.at);
  const scale = element([0x2a, 0xd7, 0xb1]);
  let nanoseconds = 1_000_000;
  if (scale) {
    nanoseconds = 0;
    for (let i = 0; i < scale.size; i++) nanoseconds = nanoseconds * 256 + data.getUint8(scale.at + i);
  }
  return (value * nanoseconds) / 1e9;
}
