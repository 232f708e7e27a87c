"""Propuh: Granny against the draught (2 players, or solo against the official automaton)."""
