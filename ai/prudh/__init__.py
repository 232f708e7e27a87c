"""Prudh: a 6×6 stacking abstract with four regional edge rules (spec: shared/rules/prudh.md)."""
