"""The Scrappers view: ScrappersView (view.py) and the modules it draws with, one per part of the table."""
from graphics.views.scrappers.view import ScrappersView

__all__ = ["ScrappersView"]
