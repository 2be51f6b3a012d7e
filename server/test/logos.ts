import { solidPng } from '../../e2e/png.ts';

/** Logo files for tests: real images, and files that only pretend to be one. */

export const pngLogo = (width = 64, height = 32) => solidPng(width, height, [245, 158, 11]);

/** The start of a baseline JPEG: SOI, a JFIF header, then the frame header with its size. */
export function jpegLogo(width = 120, height = 40): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ]);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

export const svgLogo = (inner = '<circle cx="50" cy="20" r="15" fill="#f59e0b"/>') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">${inner}</svg>`,
  );

export const GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);
