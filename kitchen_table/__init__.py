"""Kitchen Table: five tabletop games around one computer. The package holds the app's command
(kitchen_table.cli), its version and where its data lives (kitchen_table.paths)."""

__version__ = "1.1.0"
