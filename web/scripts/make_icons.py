"""Write the PWA's PNG icons (public/icons/icon-192.png, icon-512.png, maskable-512.png).

No image library needed: the icon is a 3 x 3 grid of tiles (the Okabe-Ito colours of
the boards) on the app's blue, written as a plain RGB PNG with zlib. Run once; the
PNGs are committed (tiny), so a build does not need Python.
"""

import struct
import sys
import zlib
from pathlib import Path

BG = (0x1F, 0x3A, 0x5F)
TILES = [
    (0x00, 0x9E, 0x73),
    (0xE6, 0x9F, 0x00),
    (0x00, 0x72, 0xB2),
    (0xCC, 0x79, 0xA7),
    (0xF0, 0xE4, 0x42),
    (0x56, 0xB4, 0xE9),
    (0xD5, 0x5E, 0x00),
    (0x00, 0x9E, 0x73),
    (0xE6, 0x9F, 0x00),
]


def pixels(size: int, inset: float) -> bytes:
    rows = []
    margin = int(size * inset)
    cell = (size - 2 * margin) / 3
    gap = max(2, int(cell * 0.08))
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            colour = BG
            gx, gy = x - margin, y - margin
            if 0 <= gx < size - 2 * margin and 0 <= gy < size - 2 * margin:
                cx, cy = int(gx // cell), int(gy // cell)
                ox, oy = gx - cx * cell, gy - cy * cell
                if gap <= ox < cell - gap and gap <= oy < cell - gap and cx < 3 and cy < 3:
                    colour = TILES[cy * 3 + cx]
            row += bytes(colour)
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, inset: float) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels(size, inset), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    out = Path(
        sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent / "public" / "icons"
    )
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon-192.png").write_bytes(png(192, 0.12))
    (out / "icon-512.png").write_bytes(png(512, 0.12))
    (out / "maskable-512.png").write_bytes(png(512, 0.22))


if __name__ == "__main__":
    main()
