"""A proof in the PDF reads as a proof: "Proof." and its text, ended by a square, with no empty box around it.

sphinx-proof makes each ``prf:proof`` an admonition without a title; on the site its CSS draws it as a plain block,
but LaTeX prints every admonition in a framed box with a title bar, which stays empty.  For the LaTeX builder only,
each proof's admonition is replaced by its own paragraphs, and a square (∎, the end of a proof) closes the last one.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes

END_OF_PROOF = r"\nobreak\hfill\ensuremath{\square}"


def is_proof(node: nodes.Node) -> bool:
    """A sphinx-proof proof: an admonition with the class ``proof`` and no theorem-like kind of its own."""
    return isinstance(node, nodes.admonition) and "proof" in node.get("classes", [])


def unbox_proofs(app: Any, doctree: nodes.document, docname: str) -> None:
    """For the PDF, put each proof's paragraphs in place of its admonition, the last one ended by a square."""
    if app.builder.format != "latex":
        return
    for proof in list(doctree.findall(is_proof)):
        body = nodes.container("", *proof.children, classes=["proof"])
        last = next((p for p in reversed(list(body.findall(nodes.paragraph)))), None)
        if last is not None:
            last += nodes.raw("", END_OF_PROOF, format="latex")
        proof.replace_self(body)


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-resolved", unbox_proofs)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
