"""RIP (Rest in Peace): a two-family ghost duel over ten mansions (spec: shared/rules/rip.md)."""
