"""The Wolsung heuristic player: a score for every answer to every decision of the game, from the
deciding player's view alone (rules notes §6; DESIGN "Players").

The ruleset hands these to :class:`skirmish.players.HeuristicPlayer`: ``Ruleset.rough_points``
(:mod:`.points`: a modest set of spots for a Move or a deployment, weighed before the rules judge
the best) and ``Ruleset.score_actions`` (:mod:`.scoring`). What the scores weigh:

- Attacks by the casualty points their hits may score in exact odds, the pools read from the
  rules (:mod:`.odds`, :mod:`.outlook`): Hero 2, Henchman 1, as the house scenario scores them;
  the target chosen by what its hit is worth, a wounded one first.
- Distances by eye: no Shoot or Charge is chosen by a measured distance, as the book measures
  only after the Action is declared (L10, L63; notes §5, §7 item 33). Each distance to an enemy
  is misjudged by up to 12%, the same for a pair of models all turn, and weighed as uncertain
  (:mod:`.estimate`).
- Spots by the attacks they offer, the harm enemies may do there (so shooters keep to good
  range and cover, and wounded Heroes out of reach) and the way to the enemy; more caution when
  the club leads late in the game, less when it does not; and by the house scenario's goals
  (:mod:`.objectives`): the markers and districts the club would score, the Clues, the
  Blueprints and the carrier's own edge, the enemy carrier (scenarios §4.2-§4.4).
- Cards by what they add to Heroic Deeds in the colours the club needs and to its Heroes'
  suits; bids for the initiative when acting first is worth more than the card
  (:mod:`.cards`); re-rolls and Heroic Deeds when they change the outcome by more than
  they cost (:mod:`.rolled`).
"""
