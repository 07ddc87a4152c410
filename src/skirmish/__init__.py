"""skirmish: tabletop skirmish wargames played, enforced and analysed by computer."""

__version__ = "0.1.0"
