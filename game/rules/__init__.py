"""Pure rules of the four games: no pygame, no I/O, no clock, no global random."""
