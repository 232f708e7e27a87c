"""Printables (rule sheets, player aids, score pads, automa cards): built with reportlab from the engine data."""
