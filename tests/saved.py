"""What a chapter's saved outputs hold, for the tests that check its prose against them."""

import json
from pathlib import Path


def glued(path: Path) -> dict[str, str]:
    """Every value the chapter glues, by name, as the text the prose shows."""
    cells = json.loads(path.read_text())["cells"]
    return {output["metadata"]["scrapbook"]["name"]: output["data"]["application/papermill.record/text/plain"]
            for cell in cells for output in cell.get("outputs", []) if "scrapbook" in output.get("metadata", {})}
