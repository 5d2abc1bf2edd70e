import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tourSeconds } from '../../src/data/media';
import { fillSlots } from '../../src/lib/brand';
import { TOUR_VIDEO, mp4Seconds, mp4Size, webmSeconds } from '../../src/lib/media';

const file = (path: string) => new Uint8Array(readFileSync(`public${path}`));

/** An MP4 movie header box of `version`, in a file that holds nothing else. */
function mp4(version: 0 | 1, scale: number, duration: number): Uint8Array {
  const times = version === 1 ? 16 : 8;
  const bytes = new Uint8Array(8 + 4 + times + 4 + (version === 1 ? 8 : 4));
  const data = new DataView(bytes.buffer);
  data.setUint32(0, bytes.length);
  bytes.set(
    [...'mvhd'].map((c) => c.charCodeAt(0)),
    4,
  );
  data.setUint8(8, version);
  data.setUint32(12 + times, scale);
  if (version === 1) data.setBigUint64(16 + times, BigInt(duration));
  else data.setUint32(16 + times, duration);
  return bytes;
}

/** An MP4 track header box of `version` for a frame of `width` × `height`, in a file that holds nothing else. */
function tkhd(version: 0 | 1, width: number, height: number): Uint8Array {
  const sizeAt = 8 + (version === 1 ? 88 : 76);
  const bytes = new Uint8Array(sizeAt + 8);
  const data = new DataView(bytes.buffer);
  data.setUint32(0, bytes.length);
  bytes.set(
    [...'tkhd'].map((c) => c.charCodeAt(0)),
    4,
  );
  data.setUint8(8, version);
  data.setUint32(sizeAt, width * 65536);
  data.setUint32(sizeAt + 4, height * 65536);
  return bytes;
}

describe('the frame size of a video, from its file', () => {
  it("reads an MP4's track header, in both its versions", () => {
    expect(mp4Size(tkhd(0, 1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(mp4Size(tkhd(1, 640, 360))).toEqual({ width: 640, height: 360 });
    expect(() => mp4Size(new Uint8Array(16))).toThrow(/tkhd/);
  });
});

describe('the length of a video, from its file', () => {
  it("reads an MP4's movie header, in both its versions", () => {
    expect(mp4Seconds(mp4(0, 1000, 10_000))).toBe(10);
    expect(mp4Seconds(mp4(1, 90_000, 2_700_000))).toBe(30);
    expect(() => mp4Seconds(new Uint8Array(16))).toThrow(/mvhd/);
  });

  it("reads a WebM's Duration in its TimecodeScale, a millisecond when left out", () => {
    const float32 = new Uint8Array([0x44, 0x89, 0x84, 0, 0, 0, 0]);
    new DataView(float32.buffer).setFloat32(3, 12_500);
    expect(webmSeconds(float32)).toBe(12.5);
    const scaled = new Uint8Array([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0x44, 0x89, 0x88, 0, 0, 0, 0, 0, 0, 0, 0]);
    new DataView(scaled.buffer).setFloat64(10, 30_000);
    expect(webmSeconds(scaled)).toBe(30);
  });
});

describe("the home page's tour", () => {
  const home = JSON.parse(readFileSync('src/content/home/home.json', 'utf8')) as { video: { title: string } };
  const seconds = mp4Seconds(file(TOUR_VIDEO.mp4));

  it('is one video in two formats, of the same length', () => {
    expect(seconds).toBeGreaterThan(0);
    expect(webmSeconds(file(TOUR_VIDEO.webm))).toBeCloseTo(seconds, 1);
    expect(tourSeconds()).toBe(Math.round(seconds));
  });

  it("states the video's length, read from its file, never one written by hand", () => {
    // The copy writes no number of seconds: the {seconds} slot is filled with the file's length.
    expect(home.video.title).toContain('{seconds}');
    expect(home.video.title).not.toMatch(/\d\s*-?\s*sec/i);
    const stated = /(\d+)-second/.exec(fillSlots(home.video.title, { seconds: tourSeconds() }))?.[1];
    expect(Number(stated)).toBe(Math.round(seconds));
  });

  it('is drawn at 1280 × 720, sharp in the full-screen player (issue 52: it was a 640 × 360 picture, soft there)', () => {
    expect(mp4Size(file(TOUR_VIDEO.mp4))).toEqual({ width: 1280, height: 720 });
  });

  it("has captions that end with the video's last second", () => {
    const cues = [...readFileSync('public/media/home/tour.en.vtt', 'utf8').matchAll(/--> (\d+):(\d+):(\d+\.\d+)/g)];
    const [, h, m, s] = cues.at(-1)!;
    expect(Number(h) * 3600 + Number(m) * 60 + Number(s)).toBeCloseTo(seconds, 0);
  });
});
