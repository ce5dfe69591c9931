"""Sphinx configuration of the course website (built by book/build.py: `make book`).

One configuration for both languages: build.py runs Sphinx once per language,
with MINIGRAD_BOOK_LANG set to ``en`` or ``zh``. Nothing is fetched from the
internet, at build time or when a page is read: the notebooks are not executed,
MathJax is served from the site's own folder (npm package ``mathjax``, SVG output,
no web fonts), and no widget manager is loaded (widgets are shown as stills).
"""

from __future__ import annotations

import os
import posixpath

LANG = os.environ.get("MINIGRAD_BOOK_LANG", "en")
OTHER = "zh" if LANG == "en" else "en"
ASSETS = os.environ.get("MINIGRAD_BOOK_ASSETS", "")

TEXT = {
    "en": {
        "title": "minigrad: autograd, step by step",
        "switch": "中文",
        "switch_title": "本页的中文版",
        "notebook": "Notebook",
        "notebook_title": "Download this page as a Jupyter notebook",
        "run": "Run it",
        "run_title": "How to run the lessons yourself",
    },
    "zh": {
        "title": "minigrad：一步一步看懂自动求导",
        "switch": "English",
        "switch_title": "This page in English",
        "notebook": "下载 notebook",
        "notebook_title": "下载本页的 Jupyter notebook",
        "run": "动手运行",
        "run_title": "如何自己运行这些课程",
    },
}[LANG]

project = "minigrad"
author = "the minigrad authors" if LANG == "en" else "minigrad 的作者们"
copyright = author
html_title = TEXT["title"]

extensions = ["myst_nb"]
exclude_patterns = ["_notebooks", "**/.ipynb_checkpoints", "py", "**/py"]
templates_path = ["_templates"]
html_static_path = ["_static"] + ([ASSETS] if ASSETS else [])
html_css_files = ["minigrad-book.css"]
html_js_files = ["minigrad-book.js"]

# --- notebooks: the stored outputs, never executed ------------------------------------------
nb_execution_mode = "off"
nb_execution_cache_path = os.path.join(ASSETS or ".", "..", "jupyter_cache")
nb_ipywidgets_js = {}  # no require.js or widget manager from a CDN: widgets are stills
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]

# --- MathJax from the site's folder, drawing SVG (no web fonts) ------------------------------
mathjax_path = "mathjax/tex-svg-full.js"
mathjax3_config = {"startup": {"typeset": True}, "svg": {"fontCache": "global"}}

# --- the theme ---------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_theme_options = {
    "use_download_button": False,  # the header's own Notebook link gives the stored notebook
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "article_header_start": ["toggle-primary-sidebar.html", "minigrad-links.html"],
    "show_toc_level": 2,
    "navigation_with_keys": False,
}
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None


def _page_context(app, pagename, templatename, context, doctree) -> None:
    """The links in every page's header: the other language, the notebook, how to run it."""
    depth = pagename.count("/")
    up = "../" * depth
    context["minigrad_text"] = TEXT
    context["minigrad_lang"] = LANG
    context["minigrad_other_url"] = f"{up}../{OTHER}/{pagename}.html"
    source = app.env.doc2path(pagename, False) if pagename in app.env.all_docs else None
    if source is not None and str(source).endswith(".ipynb"):
        context["minigrad_notebook_url"] = posixpath.join(up, "_notebooks", f"{pagename}.ipynb")
    else:
        context["minigrad_notebook_url"] = None
    context["minigrad_run_url"] = f"{up}run.html"


def setup(app):
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True}
