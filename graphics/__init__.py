"""Everything pygame: the loop, scenes, widgets, sprites and one view per game."""
