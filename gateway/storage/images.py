"""Image transformations with Pillow, as supabase/storage renders them through imgproxy: `width`/`height`
(clamped to 1..2500), `resize` cover | contain | fill, `quality` 20..100 (80 by default), `format` origin | webp |
avif; without a format, WebP for a client whose Accept has image/webp (imgproxy's WebP detection), else the
source's own format. Images are auto-rotated by their EXIF orientation and never enlarged (imgproxy's defaults).

Bounds, so no request can exhaust the process: only the formats a render needs are opened; a source over 25 MiB or
50 megapixels (Supabase's documented limits), or one whose decoded pixels and converted output would take more
than MAX_DECODED_BYTES, is refused before any pixel is decoded; JPEGs are decoded at the smallest scale the output
needs (so their budget counts the reduced size); at most RENDER_CONCURRENCY renders run at once, in worker
threads, the others wait their turn; an identical render (same source bytes, same transformation) is served from
a small cache; and image blocks live in their own memory mappings, so the memory of a burst of renders goes back
to the system when it ends.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import io
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, BinaryIO

import anyio
from PIL import Image, ImageMode, ImageOps, UnidentifiedImageError, features

from gateway.storage import errors
from gateway.storage.store import Blob

MIN_DIMENSION = 1
MAX_DIMENSION = 2500
MAX_SOURCE_BYTES = 25 * 1024 * 1024
MAX_SOURCE_PIXELS = 50_000_000
# imgproxy's default source resolution limit (16.8 MP) at Pillow's 4 bytes per pixel: with two renders at once and
# the copies a render makes (decoder buffer, rotation), a worker's renders stay within a few hundred MB.
MAX_DECODED_BYTES = 64 * 1024 * 1024
DEFAULT_QUALITY = 80
RENDER_CONCURRENCY = 2
RENDER_CACHE_BYTES = 16 * 1024 * 1024
RENDERABLE = ("JPEG", "PNG", "WEBP", "GIF", *(("AVIF",) if features.check("avif") else ()))
RESIZES = ("cover", "contain", "fill")
# imgproxy's names for them, as Storage passes them on.
_RESIZING_TYPES = {"cover": "fill", "contain": "fit", "fill": "force"}
FORMATS = ("origin", "avif", "webp")
_SWAPPED_ORIENTATIONS = (5, 6, 7, 8)
_EXIF_ORIENTATION = 0x0112
_WITH_QUALITY = ("JPEG", "WEBP", "AVIF")
_MIME = {"JPEG": "image/jpeg", "PNG": "image/png", "WEBP": "image/webp", "AVIF": "image/avif", "GIF": "image/gif"}


@dataclass(frozen=True)
class Transform:
    width: int | None = None
    height: int | None = None
    resize: str | None = None
    quality: int | None = None
    format: str | None = None

    def is_empty(self) -> bool:
        return self == Transform()

    def segments(self, keep_original: bool = False) -> list[str]:
        """supabase/storage's ImageRenderer.applyTransformation: what a render sends as `X-Transformations`, or in
        its keepOriginal form the `transformations` claim of a signed render URL."""
        segments = []
        if self.height:
            segments.append(f"height:{clamp(self.height)}")
        if self.width:
            segments.append(f"width:{clamp(self.width)}")
        if (self.width or self.height) and keep_original and self.resize:
            segments.append(f"resize:{self.resize}")
        elif (self.width or self.height) and not keep_original:
            segments.append(f"resizing_type:{_RESIZING_TYPES[self.resize or 'cover']}")
        if self.quality:
            segments.append(f"quality:{self.quality}")
        if self.format and self.format != "origin":
            segments.append(f"format:{self.format}")
        return segments

    def signed(self) -> str:
        return ",".join(self.segments(keep_original=True))


def clamp(size: int) -> int:
    return min(max(size, MIN_DIMENSION), MAX_DIMENSION)


def _integer(value: Any, where: str) -> int:
    """A numeric string counts, as Fastify's schema coercion lets it (query strings; storage3's JSON)."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise errors.invalid_request(f"{where} must be integer")
    return value


def parse(options: Mapping[str, Any], where: str) -> Transform:
    """Validates options as supabase/storage's transformation schema does: `where` names them in messages
    (`querystring` for a render URL, `body/transform` for a signing request)."""
    found: dict[str, Any] = {}
    for name in ("width", "height"):
        if options.get(name) is not None:
            size = _integer(options[name], f"{where}/{name}")
            if size < 0:
                raise errors.invalid_request(f"{where}/{name} must be >= 0")
            found[name] = size or None
    if options.get("quality") is not None:
        quality = _integer(options["quality"], f"{where}/quality")
        if not 20 <= quality <= 100:
            raise errors.invalid_request(f"{where}/quality must be {'>= 20' if quality < 20 else '<= 100'}")
        found["quality"] = quality
    for name, allowed in (("resize", RESIZES), ("format", FORMATS)):
        if options.get(name) is not None:
            if options[name] not in allowed:
                raise errors.invalid_request(f"{where}/{name} must be equal to one of the allowed values")
            found[name] = options[name]
    return Transform(**found)


def from_signed(claim: str | None, image_format: str | None) -> Transform:
    """The transformations a signed render URL carries (their values were validated when it was signed); its
    `format` claim keeps `origin`, which the transformations string leaves out."""
    found: dict[str, Any] = {"format": "origin"} if image_format == "origin" else {}
    for segment in (claim or "").split(","):
        name, _, value = segment.partition(":")
        if not value:
            continue
        if name in ("width", "height", "quality") and value.isdigit():
            found[name] = int(value)
        elif (name, value) in [("resize", r) for r in RESIZES] + [("format", f) for f in FORMATS]:
            found[name] = value
    return Transform(**found)


@dataclass
class Rendered:
    body: bytes
    content_type: str


class Renderer:
    """Renders in worker threads, at most RENDER_CONCURRENCY at a time (made at startup, inside the event loop)."""

    def __init__(self, concurrency: int = RENDER_CONCURRENCY, cache_bytes: int = RENDER_CACHE_BYTES) -> None:
        self.limiter = anyio.CapacityLimiter(concurrency)
        self.cache = RenderCache(cache_bytes)
        map_large_blocks()

    async def render(self, blob: Blob, transform: Transform, accept: str) -> Rendered:
        if blob.size > MAX_SOURCE_BYTES:
            raise errors.image_processing("The source image file is too large to process")
        async with self.limiter:
            source = await blob.whole()
            key = (await anyio.to_thread.run_sync(digest, source), transform, "image/webp" in accept)
            cached = self.cache.get(key)
            if cached is not None:
                return cached
            rendered = await anyio.to_thread.run_sync(render, source, transform, key[2])
            self.cache.put(key, rendered)
            return rendered


RenderKey = tuple[bytes, Transform, bool]


class RenderCache:
    """The latest renders, up to `limit` bytes in all: sources are keyed by their bytes' digest, so a replaced
    object is a new key, and a render is only reached after the caller was allowed to read its source."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.entries: OrderedDict[RenderKey, Rendered] = OrderedDict()

    def get(self, key: RenderKey) -> Rendered | None:
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, key: RenderKey, rendered: Rendered) -> None:
        if len(rendered.body) > self.limit or key in self.entries:
            return
        self.entries[key] = rendered
        self.size += len(rendered.body)
        while self.size > self.limit:
            _, evicted = self.entries.popitem(last=False)
            self.size -= len(evicted.body)


def digest(source: BinaryIO) -> bytes:
    hashed = hashlib.blake2b()
    while block := source.read(1024 * 1024):
        hashed.update(block)
    source.seek(0)
    return hashed.digest()


_LIBC = ctypes.CDLL(ctypes.util.find_library("c"))


_M_MMAP_THRESHOLD = -3
_LARGE_BLOCK = 1024 * 1024


def map_large_blocks() -> None:
    """glibc raises its mmap threshold each time a mapped block is freed (up to 32 MiB), so after the first render
    Pillow's image blocks (16 MiB) come from the heap's arenas, where the pieces left between them keep the pages.
    A fixed threshold keeps every block of a MiB or more in its own mapping, handed back to the system when freed."""
    mallopt = getattr(_LIBC, "mallopt", None)
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, _LARGE_BLOCK)


def working_bytes(image: Image.Image, output: tuple[int, int]) -> int:
    """What a render of `image` at its current (drafted) size to `output` holds at once: the decoded source (Pillow
    keeps a pixel of several 8-bit bands in 4 bytes, RGB padded, and a single band in its own width), and the
    output converted to RGB(A) for encoding, 4 bytes a pixel (a one-band source is 4 times larger by then)."""
    mode = ImageMode.getmode(image.mode)
    per_pixel = 4 if len(mode.bands) > 1 else int(mode.typestr[-1])
    return image.width * image.height * per_pixel + output[0] * output[1] * 4


def render(source: BinaryIO, transform: Transform, accepts_webp: bool) -> Rendered:
    try:
        image = Image.open(source, formats=RENDERABLE)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise errors.image_processing("The source image resolution is too large to process") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise errors.image_processing("The source image is invalid or unsupported for rendering") from None
    with image:
        if image.width * image.height > MAX_SOURCE_PIXELS:
            raise errors.image_processing("The source image resolution is too large to process")
        try:
            return _render(image, transform, accepts_webp)
        except (OSError, ValueError, SyntaxError, EOFError):
            raise errors.image_processing("The source image is invalid or unsupported for rendering") from None


def _render(image: Image.Image, transform: Transform, accepts_webp: bool) -> Rendered:
    target_format = output_format(image.format, transform.format, accepts_webp)
    swapped = image.getexif().get(_EXIF_ORIENTATION) in _SWAPPED_ORIENTATIONS
    oriented = (image.height, image.width) if swapped else image.size
    scaled, box = plan(oriented, transform)
    if image.format == "JPEG":
        image.draft("RGB", (scaled[1], scaled[0]) if swapped else scaled)
    if working_bytes(image, scaled) > MAX_DECODED_BYTES:
        raise errors.image_processing("The source image resolution is too large to process")
    image = ImageOps.exif_transpose(image)
    if image.size != scaled:
        image = image.resize(scaled, Image.Resampling.LANCZOS, reducing_gap=3.0)
    if box is not None:
        image = image.crop(box)
    return encode(image, target_format, transform.quality or DEFAULT_QUALITY)


def output_format(source: str | None, requested: str | None, accepts_webp: bool) -> str:
    if requested == "avif":
        return "AVIF" if features.check("avif") else "WEBP"
    if requested == "webp" or (requested is None and accepts_webp):
        return "WEBP"
    Image.init()
    return source if source in Image.SAVE and source in _MIME else "PNG"


def plan(size: tuple[int, int], transform: Transform) -> tuple[tuple[int, int], tuple[int, int, int, int] | None]:
    """The size to resize to and the centred crop box after it (cover only), never enlarging."""
    width, height = size
    wanted_w = clamp(transform.width) if transform.width else None
    wanted_h = clamp(transform.height) if transform.height else None
    if wanted_w is None or wanted_h is None:
        if wanted_w is not None:
            scale = min(1.0, wanted_w / width)
        elif wanted_h is not None:
            scale = min(1.0, wanted_h / height)
        else:
            return size, None
        return (max(1, round(width * scale)), max(1, round(height * scale))), None
    resize = transform.resize or "cover"
    if resize == "fill":
        return (min(wanted_w, width), min(wanted_h, height)), None
    if resize == "contain":
        scale = min(1.0, wanted_w / width, wanted_h / height)
        return (max(1, round(width * scale)), max(1, round(height * scale))), None
    scale = min(1.0, max(wanted_w / width, wanted_h / height))
    scaled = (max(1, round(width * scale)), max(1, round(height * scale)))
    crop_w, crop_h = min(wanted_w, scaled[0]), min(wanted_h, scaled[1])
    left, top = (scaled[0] - crop_w) // 2, (scaled[1] - crop_h) // 2
    box = (left, top, left + crop_w, top + crop_h)
    return scaled, None if box == (0, 0, *scaled) else box


def encode(image: Image.Image, image_format: str, quality: int) -> Rendered:
    if image_format == "JPEG":
        image = _flattened(image)
    elif image.mode not in ("RGB", "RGBA", "L", "LA", "P", "1") or image_format in ("WEBP", "AVIF"):
        image = image.convert("RGBA" if _has_alpha(image) else "RGB")
    out = io.BytesIO()
    options: dict[str, Any] = {"quality": quality} if image_format in _WITH_QUALITY else {}
    image.save(out, image_format, **options)
    return Rendered(body=out.getvalue(), content_type=_MIME[image_format])


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)


def _flattened(image: Image.Image) -> Image.Image:
    """JPEG has no alpha: transparent pixels become white, as imgproxy's default background."""
    if not _has_alpha(image):
        return image if image.mode in ("RGB", "L", "CMYK") else image.convert("RGB")
    rgba = image.convert("RGBA")
    background = Image.new("RGB", rgba.size, (255, 255, 255))
    background.paste(rgba, mask=rgba.getchannel("A"))
    return background
