"""The Crumbs view: CrumbsView (view.py) and the modules it draws with, one per part of the table."""
from graphics.views.crumbs.view import CrumbsView

__all__ = ["CrumbsView"]
