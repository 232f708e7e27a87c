"""What the screen shows: outputs, the terminal's gates, tables of figures, progress bars."""
