"""Prohis: three to six smugglers bluffing past inspectors (spec: shared/rules/prohis.md)."""
