"""Companion: the CLI and the table sessions."""
