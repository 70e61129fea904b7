"""The Stumped view: StumpedView (view.py) and the modules it draws with, one per part of the table."""
from graphics.views.stumped.view import StumpedView

__all__ = ["StumpedView"]
