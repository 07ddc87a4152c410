"""Strange Aeons (Uncle Mike's Worldwide): the introductory Fight, played to its rules."""

from skirmish.rulesets.strange_aeons.ruleset import StrangeAeonsIntro

__all__ = ["StrangeAeonsIntro"]
