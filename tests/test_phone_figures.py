"""A figure's two renderings: drawn for the page and for a phone (casino_math/plots/style.py), and the site's
picture of both (book/_ext/phone_figures.py).  tests/browser/test_phone.py checks what a reader's screen shows."""

from __future__ import annotations

import hashlib
import io
import sys
from base64 import b64decode, b64encode
from pathlib import Path
from typing import Any

import nbformat
import pytest
from docutils import nodes

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import phone_figures
import reader_notebooks

plots = pytest.importorskip("casino_math.plots.style")


def test_every_part_names_the_phone_rendering_alike() -> None:
    book_conftest = (ROOT / "book" / "conftest.py").read_text()
    config = (ROOT / "_config.yml").read_text()
    assert phone_figures.PHONE_PNG == reader_notebooks.PHONE_PNG == plots.PHONE_PNG
    assert f'PHONE_PNG = "{plots.PHONE_PNG}"' in book_conftest
    assert f'["html", "{plots.PHONE_PNG}", 45]' in config


def test_the_phone_rendering_is_narrow_and_its_smallest_text_legible_in_a_phones_column() -> None:
    # A 390 px phone shows the article's column about 340 px wide; a 9-point text drawn at 100 dpi is 12.5 px.
    from casino_math.plots.craps import hand_length_chart

    fig = hand_length_chart()
    phone = fig._repr_mimebundle_()[plots.PHONE_PNG]  # type: ignore[attr-defined]
    drawn = plots.png_width(phone)
    assert plots.PHONE.width * plots.DPI <= drawn <= (plots.PHONE.width + 2 * plots.MARGIN) * plots.DPI + 20
    assert plots.PHONE.pixels(plots.SMALLEST) * min(1, 340 / drawn) >= 11
    spec = fig.axes[0].get_subplotspec()
    assert len(fig.axes) == 2 and spec is not None and spec.get_geometry()[:2] == (1, 2)  # the page: side by side


def test_a_phone_draws_one_panel_to_a_row() -> None:
    with plots.drawn_for(plots.PHONE):
        _, axes = plots.panels(3, 1.0)
    assert [ax.get_subplotspec().get_geometry()[:2] for ax in axes] == [(3, 1)] * 3


def test_the_phone_rendering_is_found_by_the_page_renderings_file_name(tmp_path: Path) -> None:
    page, phone = b"page png bytes", b"phone png bytes"
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("figure()")
    cell.outputs = [nbformat.v4.new_output("execute_result", data={
        "image/png": b64encode(page).decode(), plots.PHONE_PNG: b64encode(phone).decode(), "text/plain": "<Figure>"})]
    plain = nbformat.v4.new_code_cell("other()")
    plain.outputs = [nbformat.v4.new_output("execute_result", data={"image/png": "iVBORw0KGgo=", "text/plain": "x"})]
    nb.cells = [cell, plain]
    nbformat.write(nb, tmp_path / "chapter.ipynb")
    assert phone_figures.phone_renderings(tmp_path / "chapter.ipynb") == {hashlib.sha256(page).hexdigest(): phone}
    assert b64decode("iVBORw0KGgo=") not in phone_figures.phone_renderings(tmp_path / "chapter.ipynb").values()


def test_a_picture_prints_the_page_rendering() -> None:
    class Writer:
        pass

    page = nodes.image(uri="page.png", alt="a chart")
    node = phone_figures.picture("", nodes.image(uri="phone.png"), page)
    visited = []
    page.walkabout = lambda translator: visited.append(translator)
    writer = Writer()
    with pytest.raises(nodes.SkipNode):
        phone_figures.visit_picture_page(writer, node)
    assert visited == [writer]



@pytest.fixture(scope="module")
def phone_rendering() -> bytes:
    """A real figure's phone rendering, as its notebook output carries it (decoded)."""
    from casino_math.plots.craps import hand_length_chart

    return b64decode(hand_length_chart()._repr_mimebundle_()[plots.PHONE_PNG])  # type: ignore[attr-defined]


def png(image: Any, **options: Any) -> bytes:
    """An image as PNG bytes (options: Pillow's, as for a transparent colour)."""
    out = io.BytesIO()
    image.save(out, format="PNG", **options)
    return out.getvalue()


def rgb_pixels(data: bytes) -> tuple[tuple[int, int], list[tuple[int, ...]]]:
    """A PNG's size and its pixels as RGB triples, row by row."""
    from PIL import Image

    image = Image.open(io.BytesIO(data)).convert("RGB")
    raw = image.tobytes()
    return image.size, [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]


def test_a_phone_rendering_is_served_in_256_colours_that_move_no_pixel_visibly(phone_rendering: bytes) -> None:
    served = phone_figures.smaller_png(phone_rendering)
    assert served[:8] == b"\x89PNG\r\n\x1a\n" and served[25] == 3  # a PNG of colour type 3: a palette
    assert len(served) < len(phone_rendering) / 2
    (size, drawn), (served_size, shown) = rgb_pixels(phone_rendering), rgb_pixels(served)
    assert served_size == size
    moved = max(abs(a - b) for old, new in zip(drawn, shown, strict=True) for a, b in zip(old, new, strict=True))
    assert moved <= phone_figures.PALETTE_TOLERANCE
    assert shown[0] == drawn[0] == (255, 255, 255)  # the background stays the page's white


def test_a_rendering_that_256_colours_would_change_visibly_or_with_transparency_is_served_as_drawn(
        phone_rendering: bytes) -> None:
    import random

    from PIL import Image

    # 4096 colours scattered over a 256 x 256 square (a palette would be smaller, but would move some pixel far).
    scattered = random.Random(7)
    many = png(Image.frombytes("RGB", (256, 256), bytes(
        level * 17 for _ in range(256 * 256) for level in scattered.choices(range(16), k=3))))
    assert phone_figures.smaller_png(many) == many
    # The real figure, which a palette would serve smaller, with one pixel not quite opaque, and with its PNG naming
    # a transparent colour.
    assert len(phone_figures.smaller_png(phone_rendering)) < len(phone_rendering)
    image = Image.open(io.BytesIO(phone_rendering)).convert("RGBA")
    image.putpixel((0, 0), (255, 255, 255, 254))
    for kept in (png(image), png(image.convert("RGB"), transparency=(255, 255, 255))):
        assert phone_figures.smaller_png(kept) == kept
