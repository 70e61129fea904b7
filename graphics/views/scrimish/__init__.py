"""The Scrimish view: ScrimishView (view.py) and the modules it draws with, one per part of the table."""
from graphics.views.scrimish.view import ScrimishView

__all__ = ["ScrimishView"]
