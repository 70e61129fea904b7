"""The Scrumpy view: ScrumpyView (view.py) and the modules it draws with, one per part of the table."""
from graphics.views.scrumpy.view import ScrumpyView

__all__ = ["ScrumpyView"]
