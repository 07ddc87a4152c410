"""The game log in words: one sentence per event, each ending with the rule it applies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.dice import d3

if TYPE_CHECKING:
    from skirmish.engine.events import Event
    from skirmish.rulesets.strange_aeons.state import AeonsGame

SUMMED = ("injury",)
PHOBIC = {
    "acrophobia": 'climb over 2"',
    "ballistophobia": "shoot",
    "claustrophobia": "enter scenery",
    "hydrophobia": "enter water",
}
"""The Phobias tested before an Action, their names the situation, and what it would do
(:mod:`.phobias`)."""
READ_AS_D3 = ("power", "repel")

# {a} and {b} are the first and second model of an event; other fields come from its data.
TEMPLATES: dict[str, str] = {
    "turn": "== Round {round}: {side_name} turn ==",
    "roll-off": "Roll-off for {purpose}: {dice[0]} against {dice[1]}; {winner_name} win",
    "roll-off-tie": "The roll-off is tied and rolled again",
    "cunning-tie": "The roll-off is tied: the Cunning {side_name} win it",
    "cunning-reroll": "The Cunning {side_name} re-roll their die of {was}: {now}",
    "edge": "{side_name_of} deploy on the {edge} edge",
    "deployed": "{a} deploys at {at_text}",
    "nominated": "{a} is nominated",
    "moved": '{a} moves {length}" to {to_text}',
    "pushed": '{a} is pushed {length}" to {to_text}',
    "climbed": "{a} climbs {direction} ladder {ladder}",
    "climb-short": '{a} has too little Movement ({movement:g}") for ladder {ladder}: it stays',
    "charge": "{a} charges {b}",
    "pass": "{a} forfeits the Action",
    "breaks-away": "{a} breaks away from close combat",
    "changed-state": "{a} changes state to {state}",
    "shot": "{a} shoots {b} with the {weapon_name} ({cover_text}, {save_text})",
    "cover-pieces": "{a} is behind several pieces of cover: its cover save is {bonus} better",
    "hits": "{a} scores {hits} hit(s), needing {need}+",
    "saved": "{a} saves {saved}; {left} hit(s) get through",
    "blast": '{name}: +1 damage against {a} within {reach:g}"',
    "priority-test": "{a} tests Resolve to shoot past the closest enemy: needs {need}+, {result}",
    "retarget": "{a} must shoot the closest enemy, {b}",
    "random-target": "The shot into the combat strikes {a}",
    "unarmed": "{a} is Unarmed and suffers a hit before the combat",
    "outnumbered": "{a} gets +{bonus} Attack(s) for friends in base-to-base with {b}",
    "combat-totals": "Close combat totals: {a} {totals[0]}, {b} {totals[1]}",
    "combat-won": "{a} wins the combat by {hits}",
    "draw": "{a} and {b} are locked in a Draw",
    "not-left": "{a} stops still in base-to-base with {b}: it has not left the combat",
    "no-wound": "Damage {total} against Constitution {con}: no Wound on {a}",
    "wounded": "Damage {total} against Constitution {con}: {wounds} Wound(s) on {a}, {left} left",
    "tough": "{a} is Tough: -2 on the Injury roll",
    "injury": "Injury roll {value} on {a}: {result}",
    "face-up": "{a} is placed Face Up",
    "face-down": "{a} is placed Face Down",
    "helpless": "{a} is Face Down in close combat",
    "removed": "{a} is removed from the table ({reason})",
    "cannot-escape": "{a} has nowhere to move out of the combat",
    "shared-resolve": "{a} uses the Resolve of {b} ({need}+)",
    "resolve": "{a} tests Resolve for {situation_text}: needs {need}+, {result}",
    "insanity": "Insanity: {a} suffers {result}",
    "terror": "Terror: {modifier:+d} on {a}'s Insanity roll",
    "frenzy-passes": "{a} is in a Frenzy and passes the test for {situation_text}",
    "frenzy-passes-test": "{a} is in a Frenzy and passes its Resolve test of {test}",
    "frenzy-target": "{a} Frenzies at {b}, of the closest enemies tied",
    "phobia": "{a} has {phobia_name}: an Insanity test to {deed}",
    "critical-miss": "{a} rolled {ones} 1(s): +{ones} to the highest die of {b}",
    "critical-hit": "Critical Hit: +{bonus} to the roll to wound of {a}",
    "jammed": "The {weapon_name} of {a} is Jammed",
    "heroic": "{a} is Heroic: one more Action",
    "readied": "{a} readies the {weapon_name}",
    "cleared": "{a} cleans the Jam of its {weapon_name}",
    "scenario-roll": "Scenario rolled at set-up: {dice[0]} + {dice[1]}: {result}",
    "scenario-throw": "Scenario roll: {dice[0]} + {dice[1]}: {result}",
    "tactician": "The Threshold player's Tactician moves its scenario die from {was} to {now}",
    "numbered": "The {side_name} number the {where} {area} {quadrant}, the rest clockwise from it",
    "queued": "The {side_name} queue their models, the front first: {queue_text}",
    "deployed-in": "{a} deploys in {area} {quadrant} at {at_text}",
    "requeued": "{a} does not appear yet: to the back of its queue",
    "quadrant-full": "{area_title} {quadrant} has no room for {a}: its player chooses another",
    "parry-cancelled": "The Parry of {a} is cancelled by the Parry of {b}",
    "child": "{a} is a Child: {modifier:+d} on its Insanity roll",
    "yawp": '{a} gives its Barbaric Yawp: nominations reach {reach:g}" and one more model',
    "feint": "{a} Feints: it wins the combat without dice and must move away",
    "two-weapons": "{a} fights with two weapons",
    "grapple": "{a} Grapples {b}: it cannot leave the combat and rolls one die fewer next",
    "grappled": "{a} is Grappled: one die fewer",
    "held": "{a} is Grappled and cannot leave the combat",
    "throw": '{a} throws {b} {length}"',
    "hidden": "{a} Hides",
    "unhidden": "{a} acts and is Hidden no more",
    "dare": "{a} tests Resolve to act against the Hidden {b}: needs {need}+, {result}",
    "team-player": "{a} is a Team Player: it takes the Actions {b} took",
    "item-destroyed": "{a} destroys the {item} of {b}",
    "menace": "{a} is Surly: it causes Fear until its side's next turn",
    "treated": "{a} treats {b}, who has {wounds} Wound(s) again",
    "suicidal": "{a} is Suicidal: {modifier:+d} on its Insanity roll",
    "thunderous": "{a} charges with Thunderous Charge: one die fewer, +{bonus} C.C. bonus",
    "unparried": "{a} Strikes to Kill: no Parry of {b} re-rolls its dice",
    "veteran": "{a} is a Combat Veteran: it cancels one Parry of {b}",
    "alert": "{a} is Alert and shoots {b} with the {weapon_name}, one die",
    "stupid": "{a} is Stupid: the Action is forfeited",
    "deadly-rage": "{a} lashes out with Deadly Rage",
    "injected": "{a} injects {b} with the Diabolical Serum",
    "essence": "{a} spends an Essence token on {effect} ({left} left)",
    "assimilated": "{a} assimilates the Skill {skill}",
    "coated": "{a} is coated with goo: it needs {dex}+ on its Dexterity",
    "sweep": "{a} sweeps everything within reach",
    "radial-symmetry": "{a} gets no Attack for friends in base-to-base with {b}: it faces all ways",
    "dormant": "{a} goes dormant instead of an Injury roll",
    "sleeps-on": "{a} sleeps on: {lost} Wound(s) lost beyond its last",
    "stirs": "{a} stirs: {wounds} Wound(s), {lost} lost beyond its last",
    "wakes": "{a} wakes and returns to play",
    "dormant-hit": "{a} hits the dormant {b} automatically",
    "worm-spawn": "{a} suffers {grubs} Wound(s): as many Grave Grubs crawl out",
    "grub": "{a} crawls out of {b}",
    "no-grub": "{a} is off the table or has no room about it: its Grave Grub is lost",
    "consumed": "{a} drags {b} into base-to-base and fights it",
    "consume-held": "{a} hits {b} but finds no room to drag it in",
    "reagent": "The serum in {a} rolls {roll} on the Reagent Table: {result}",
    "serum-change": "The serum changes a characteristic of {a}: {change}",
    "mutated": "{a} mutates into a {becomes}: its first Action is its Deadly Rage",
    "volatile": "{a} is Volatile: {roll} before its Move{blow_text}",
    "rage-wound": "{a} suffers a Wound from the Deadly Rage, {left} left",
    "filthy": "{a} is Filthy: a to-hit 1 Jams its weapon, no die to confirm",
    "violator": 'A Violator removed {a}: friends within {reach:g}" test',
    "mutation": "{a} begins with the Mutation {name} (rolled {roll})",
    "evil-eye": "{a} turns its Evil Eye on {b}: needs {need}+, {result}",
    "unnerved": '{a} is within {reach:g}" of the Unnerving {b}: +1 on its Resolve',
    "swarm": "{name}: {rolled} models for its points, {models} in all",
    "ravenous": "{a} is Ravenous: it owes an Action eating {b}",
    "feast": "{a} spends the Action eating the corpse",
    "spirit-destroyed": "The spirit of {a} finds no host and is destroyed",
    "hunger-test": "{a} tests against the Infectious Hunger of {b}: needs {need}+, {result}",
    "possessed": "{b} is possessed: {a} rises in its place",
    "madman": "{a} is a Madman: the failed test sends it into a Frenzy",
    "movement-rolled": '{a} has a Movement of {movement:g}" for this Move',
    "attacks-rolled": "{a} has {attacks} Attack(s) this round",
    "charge-short": "{a} falls short of {b}: the Charge counts as a Move",
    "drowned": "{a} goes {state_name} in the {feature}",
    "slip-test": "{a} crosses the {feature} faster than half its Movement: {result}",
    "fell": '{a} falls {height:g}" from the {piece}',
    "jumped": '{a} jumps to {to_text} across a gap of {gap:g}"',
    "jump-test": "{a} tests Dexterity for the jump: needs {need}+, {result}",
    "jump-failed": "{a} fails the jump",
    "jump-short": '{a} has too little Movement ({movement:g}") to jump: it stops, a Move',
    "whip": "{a} swings across on its Whip: no test",
    "stepped-down": '{a} goes over the edge and drops {height:g}", too little to fall',
    "fall-damage": "The fall does {total} against Constitution {con} of {a}: {wounds} Wound(s)",
    "object-hit": "{a} hits the {piece}: {total} against Constitution {con}, {wounds} Wound(s)",
    "destroyed": "The {piece} is destroyed and taken off the table",
    "game-over": "Game over: {outcome}",
    "deploys-first": "The {side_name} {deploy_text}",
    "first-turn": "The {side_name} take the first Turn",
    "marker": "The {side_name} place Objective Marker {marker} at {at_text}",
    "bag-man": "The {side_name} name {model_text} the Bag Man, in secret",
    "revealed": "{a} is revealed as the Bag Man",
    "unmasked": "{a} was the Bag Man, as the mark under the base shows",
    "dropped": "{a} drops the package at {at_text}",
    "picked-up": "{a} picks up the package",
    "dragged": "{a} moves marker {marker} along, to {to_text}",
    "marker-lost": "Objective Marker {marker} reaches the Lurker edge and is lost to the Threshold",
    "searched": "{a} searches {where}: {done} of {needed} search Actions",
    "found": "{a} searches marker {marker} and finds: {found}",
    "treasure": "{a} finds the Treasure at {at_text}",
    "escaped": "{a} leaves by the {edge} edge and escapes",
    "variant": "A Variant is played",
    "template-aimed": "{a} aims the template of its {weapon_name} at {b}",
    "template-aimed-at": "{a} aims the template of its {weapon_name} at {at_text}",
    "dangerous": "The Dangerous weapon of {a} rolled a 1: the template comes down on it",
    "scattered": 'The missed template is moved {inches}" to {to_text}',
    "natural": "{a} moves the template of its own Dynamite off itself, to {to_text}",
    "template": "The template comes down at {at_text} over {covered} model(s)",
    "smoke": "The smoke of {a} comes down at {at_text}, blocking sight for {turns} Turns",
    "smoke-lifts": "The smoke at {at_text} lifts",
    "poisoned": "Poison: +{bonus} on the Injury roll of {a}",
    "surgical-precision": "Surgical Precision: +{bonus} on the Injury roll of {a}",
    "dissector": "Dissector: +{bonus} on the Injury roll of {a} against {b}",
    "conductive": "{a} is Highly Conductive: +{bonus} to wound it",
    "winds": "{a} stirs its Whistling Winds: {effect}",
    "winds-fail": "The Whistling Winds of {a} fail",
    "gust-test": "{a} tests Dexterity against the gust of {b}: needs {need}+, {result}",
    "ambush": "{a} lies in Ambush though nominated last turn: needs {penalty} more to hit",
    "enemy-cover": "{a} keeps another between itself and the shot (Enemy Cover)",
    "aim": "{a} takes aim (Accurate)",
    "accurate": "{a} shoots with care: +{bonus} to hit and no Cover Saves",
    "two-guns": "{a} fires two weapons at {b}: +{penalty} to hit with each",
    "unloaded": "No friend loads the {weapon_name} of {a}: it fires one die",
    "sprint": '{a} Sprints: {bonus:g}" more',
    "sprint-short": "{a} stops short of {b}: a Sprint-assisted Move never Charges",
    "suit-short": "{a} stops short of {b}, whom its Invisibility Suit hides: no Move ends there",
    "dud": "The {weapon_name} of {a} is a dud: not used again this game",
    "sacrifice": "{a} takes the {wounds} Wound(s) meant for {b} and leaves play",
    "mob": "{name}: {members} models on a Large Blast Template as a Mob, borne by {a}",
    "mob-attacks": "The Mob of {a} adds its members' Attacks: {attacks}",
    "mob-wounds": "{a} takes the {wounds} Wound(s) of the hit on the Mob of {b}",
    "mob-template": "{a} takes up the template of the Mob from {b}",
    "mob-disbanded": "{name} is down to {left} models: the Mob disbands into single models",
    "medicine": "{a} tends {b}, who gets up in one Action",
    "animal-lover": "{a} Frenzies at {situation_text}, with no test",
    "best-friend": "{a} runs to help {b}, who is attacked",
    "falcon-targeted": "{a} has taken out {b}: back to its handler before it Charges again",
    "falcon-returned": "{a} is back with its handler and may Charge again",
    "falcon-held": "{a} owes its handler a return: it makes no Charge",
    "mounted": "{a} mounts {b}",
    "snatched": "{a} snatches {b} and carries it off",
    "wriggle": "{a} wriggles to get free: needs {need}+, {result}",
    "wriggled-free": "{b} wriggles free of {a}, placed Face Up at {at_text}",
    "nested": "{a} flies off the {edge} edge: {b} is spirited away to the nest",
    "re-emerged": "{a} returns to the table at {at_text}",
    "drained": "{a} Drains {b}: its Constitution is {con} for good, and the round a Draw",
    "regenerated": "{a} Regenerates a Wound of {b}: {a} has {wounds}",
    "regenerate-wound": "{a} loses a Wound to the Regenerate, {left} left",
    "cast-aside": "{a} casts {b} aside, Face Down at {at_text}",
    "lifted": '{a} lifts {b} and carries it ({penalty}" off its Movement)',
    "carried-struck": "The shot at {a} strikes {b}, one of the two at random",
    "set-down": "{a} sets {b} down at {at_text}",
    "passenger-dropped": "{a} drops {b}, placed Face Up at {at_text}",
    "dismounted": "{a} dismounts, {b} set down at {at_text}",
    "thrown": "{b} throws {a}, who lands at {at_text}",
    "hits-shared": "The hits on the Mounted {b}: {mount} on {a}, {rider} on the rider",
    "bolt": "{a} Bolts: Revulsion, with no roll on the Insanity Table",
    "mount-test": "{a} tests Resolve beside its rider {b} ({test}): needs {need}+, {result}",
    "steady": "{a} tests Resolve so that {b} may fire from the saddle: needs {need}+, {result}",
    "caught-fire": "{a} catches Fire",
    "fire-out": "{a} rolls to put out the flames: needs {need}+, {result}",
    "burns": "{a} burns on: a hit of 1D+{damage}",
    "chilled": "{a} is Chilled: -{move} Movement, +{dex} on its Dexterity to its next turn's end",
    "thawed": "{a} is Chilled no more",
    "ensnared": "{a} is Ensnared: it may not Move until it struggles free",
    "struggle": "{a} struggles against the snare: needs {need}+, {result}",
    "confused": "{a} is Confused: one Action fewer at its next Nomination",
    "confusion": "{a} is Confused and loses {lost} Action(s)",
    "disrupted": "Disrupt: the armour of {a} counts for nothing",
    "repelled": '{a} repels {b} {length}", dealing no damage',
    "fire-born": "{a} is Fire Born: only a 6 hits it, and no Critical Hit",
    "fire-born-unhurt": "{a} is Fire Born: the template's roll was no 6, it is not hit",
    "strafe-share": "{a} takes {hits} of the Strafe's hits",
    "arc": "The energy arcs from {a} to {b} (jump {jump}, on {need}+)",
    "arc-spent": "The energy of the Arc dies away at {a} after {jumps} jump(s)",
    "rate-rolled": "{a} fires the {weapon_name} with a Rate of {rate} dice",
    "dangerous-hit": "The Dangerous weapon of {a} rolled a 1: it strikes its firer",
    "one-shot-spent": "{a} has used its {weapon_name}: it is gone",
    "field-test": "{a} rolls {rolled} on the Prototype Testing Table: {prototype}",
    "field-test-chosen": "{a}'s player chooses the prototype it takes: the {prototype}",
    "jet-ready": "{a} prepares its Jet Pack",
    "jetted": "{a} flies its Jet Pack to {to_text}",
    "unveiled": "{a} has acted: its Invisibility Suit hides it no more (a 5+ save instead)",
    "lurch": '{a} Lurches: its Movement die shows a 6, so it moves up to {movement:g}"',
    "non-lethal": "{a} holds back against {b}: {sixes} to-hit 6(s) read as 1(s)",
    "grip": "{a} holds {b} tighter: +{bonus}",
    "hate": "{a} Hates {b}: +{attacks} Attack and +{ccb} C.C. bonus",
    "mesmerize": "{a} sets its gaze on {b}: {totals[0]} against {totals[1]}, {b} {result}",
    "entranced": "{a} is Mesmerized and loses an Action",
    "mind-transfer": "{a} reaches for the mind of {b}: {totals[0]} against {totals[1]}, {result}",
    "learned": "{a} takes the Skill {skill} of {b}",
    "no-skill": "{b} has no Skill that {a} lacks",
    "transmogrify": "{a} tests Resolve against Transmogrify: needs {need}+, {result}",
    "transmogrified": "{a} Transmogrifies: {b}, an unarmed Cultist, takes its place",
    "infected": "{a} is Infected",
    "uninfected": "{a} escapes Infection",
    "egg-laid": "{a} lays the egg {egg}: it hatches in {turns} Turns, in round {hatches}",
    "egg-hit": "{a} strikes the egg {egg}: {total} against Con {con}, {wounds} Wound(s), {left} on",
    "egg-destroyed": "the egg {egg} is destroyed",
    "egg-randomized": "the shot at {a} falls on the egg {egg}",
    "egg-spared": "the shot at {a} falls on it, not on an egg it touches",
    "hatched": "the egg {egg} hatches: {rolled} Swarm(s)",
    "egg-no-room": "no room by the egg {egg} for another Swarm",
    "spider-tide": "Spider Tide: {a} and four more Swarms in base-to-base form a Mob",
    "spider-tide-blocked": "{a} and the other Swarms find no room for their Mob's template",
    "cocooned": "{a} cocoons {b}",
    "cocoon-broken": "{a} breaks free of its cocoon",
    "cut": "{a} cuts at the cocoon of {b} ({done} of {needed} Actions)",
    "mutilated": "{a} is mutilated: its Major Injury is {result} at the game's end",
    "neural-shock": "{b} tests Resolve against the Neural Shock of {a}: needs {need}+, {result}",
    "stomp": "{a} Stomps: the ground shakes",
    "stomp-test": "{a} tests Dexterity against the Stomp of {b}: needs {need}+, {result}",
    "howl": "{a} howls: every model subject to psychology near tests its Resolve",
    "mating-pair": "{a} falls, and its mate {mate_text}",
    "mate": "{a} appears at {at_text} to avenge its fallen mate {b}",
    "spittle-test": "{a} tests Dexterity against the spittle: needs {need}+, {result}",
    "fish-sauce-test": "{a} tests Dexterity against the Fish Sauce of {b}: needs {need}+, {result}",
    "harmless-hit": "The {weapon_name} hits {a}, dealing no damage",
    "swallowed": "{a} swallows {b} whole",
    "imprisoned": "{a} waits imprisoned in a Pentacle, off the table",
    "pentacle": "{pentacle} is placed at {at_text}",
    "scene-of-horror": "the Scene of Horror is placed at {at_text}",
    "horrified": "{a} comes into the Scene of Horror in its Action, or ends it there",
    "suicide": "{a} kills itself at {pentacle}",
    "brought-forth": "{a} is brought forth beside {pentacle} at {at_text}",
    "teleport": "{a} teleports to {pentacle}, at {at_text}",
    "piped": "{a} pipes unearthly music: {gained} Points, {points} in all",
    "summon": "{a} spends its {spent} Points to summon a {daemon}, to come at the end of the Turn",
    "summoned": "{a} comes at {at_text}, summoned by {b}",
    "back-up": "{a} calls for Back Up: {back_up_text}",
    "stumble": "{a} stumbles over an unseen obstacle in the dark: its Action is forfeit",
    "backed-up": "{a} comes at {at_text} to back {b} up",
    "dark-spawn": "{a} spawns {b} at {at_text}",
    "saltes": "{a} empties its jar of Essential Saltes to raise {raising}",
    "raised": "{a} raises {b} from the Essential Saltes at {at_text}",
    "spawn-wound": "{a} takes a Wound for it: {left} left",
    "mind-bomb": "A Puppet's Mind Bomb goes off at {at_text}: {count} model(s) Stupid for the game",
    "shot-spent": "{a} fires the {weapon_name}: {left} shot(s) left",
    "blinded": "{a} is blinded: -1 Attack",
    "none-nominated": "No model can be nominated this Turn",
    "war-display": "{a} flares its Hood: it causes Fear until its side's next turn",
    "predator": "{a} has made two Moves this Turn: +{penalty} to hit it",
    "prey": "{a} picks {b} as its prey",
    "stalked": "{a} fights its prey {b}: +{bonus}",
    "prey-shot": "{a} shoots at its prey {b}: {bonus} less to hit",
    "engulfed": "{a} latches on to {b}: -1 C.C. bonus until pulled off",
    "pull": "{a} pulls at a Grave Grub: {done} of {needed} Actions in a row",
    "tight-boots": "{a} thinks of its Tight Boots and passes the test after all",
    "cleaning-kit": "{a} cleans its {weapon_name} with its Firearm Cleaning Kit: no Action",
    "garlic": "{a} tests Resolve against the Garlic of {b}: needs {need}+, {result}",
    "wolfsbane": "{a} tests Resolve against the Wolfsbane of {b}: needs {need}+, {result}",
    "holy-book": '{a} reads from its Holy Book: {daemons} Daemon(s) within 5" test Resolve',
    "sermon": '{a} preaches a Sermon, its Holy Book read to 10": {daemons} Daemon(s) test Resolve',
    "sermon-grave": "The Sermon of {a} purifies the Grave Marker of {b}",
    "insanity-modifier": "{modifier:+d} on the Insanity roll of {a}",
    "morphine": "{a} takes Morphine: despite the {result} it stays until the end of {until}",
    "planted": "{a} places a Dynamite marker at {at_text}",
    "detonated": "{a} sets off its Dynamite marker at {at_text} with its Detonator",
    "bait": "{a} tests Resolve against the Bait of {b}: needs {need}+, {result}",
    "lured": "{a} is lured toward the Bait of {b} at {at_text}",
    "bait-placed": "{a} places its Bait at {at_text}",
    "trap-set": "{a} sets a bear trap at {at_text}",
    "trap-sprung": "{a} springs the bear trap of {b}: tests Dexterity, needs {need}+, {result}",
    "bait-eaten": "{a} eats the Bait at {at_text}",
    "salt": "{a} tests Resolve to cross the salt of {b}: needs {need}+, {result}",
    "salt-circle": "{a} lays a circle of salt round itself",
    "salt-line": "{a} lays a line of salt from {at_text} to {to_text}",
    "salt-broken": "{a} breaks the salt of {b}",
    "antivenom": "{a} spends its Antivenom: the Poison on {b} counts for nothing",
    "medical-bag": "{a} takes the dose of {item} from its Medical Bag",
    "owed-action": "{a} spent {actions} Action(s) of this activation on its Antivenom",
    "sought": "{a} searches zone {zone} in vain for the remains of {b}",
    "remains-found": "{a} finds that zone {zone} holds the remains of {b}",
    "purifying": "{a} purifies the resting place of {b}: {done} of {needed} Actions",
    "depleted": "{a} has depleted the scenery it touches of debris",
    "grave": "{a}'s Grave Marker is laid at {at_text}",
    "frighteners": "{b} tests Resolve against the Frighteners of {a}: needs {need}+, {result}",
    "scream": "{b} tests Resolve against the Scream of {a}: needs {need}+, {result}",
    "self-attack": "{a} attacks itself with its {weapon_name}, {dice} dice to wound",
    "banished": "{a} is Banished for {turns} Turn(s)",
    "returned": "{a} comes back from its Banishment at {at_text}",
    "no-room": "{a} finds no room to come back from its Banishment: it waits a Turn",
    "manifest": "{a} manifests a physical form until its next Turn",
    "fade": "{a} fades, a Ghost again",
    "possessor": "{b} tests Resolve against the Possessor of {a}: needs {need}+, {result}",
    "mojo-possession": "{a} is possessed by {b} for {turns} Lurker Turn(s), acting as a Lurker",
    "possession-over": "{a} is free of {b}'s possession",
    "crowded": 'No {area} has room for {a} 5" from every model: it stands at least '
    '{spacing:g}" from them',
    "gaze": "{a} tests Resolve for its Compelling Gaze: needs {need}+, {result}",
    "compelled": "{a}'s Gaze Compels {b}: it fights for its Puppeteer's side until it regains "
    "control",
    "regain": "{a} tests Resolve to regain control of itself: needs {need}+, {result}",
    "regained": "{a} regains control of itself: it is Compelled no more",
    "direct": "{a} directs {b}, whom it Compels, to take a Move, a Shoot or a Charge",
    "forced-to-break": "{a} is pushed out of combat: {left_text} roll(s) to wound it first",
    "node": '{a} is Compelled within {reach:g}" of the Puppet {b}: +1 on its Resolve',
    "stake": "{a} strikes the Night Stalker with its Wooden Stake: +{bonus} Damage",
}


def describe(game: AeonsGame, event: Event) -> str:
    """One line of the log for ``event``."""
    if event.roll is not None:
        return _roll_text(game, event)
    fields = _fields(game, event)
    text = TEMPLATES[event.kind].format(**fields)
    return f"{text}  [{event.rule}]"


def _roll_text(game: AeonsGame, event: Event) -> str:
    roll = event.roll
    assert roll is not None
    if event.kind == "lucky-charm":
        faces = ", ".join(str(f) for f in roll.faces)
        return (
            f"{game.label(event.models[0])} adds 1 to die {event.data['die']} of its "
            f"{roll.purpose} roll with its Lucky Charm: [{faces}]  [{event.rule}]"
        )
    # Most rolls read their dice one by one; only some add them up or read them as a D3.
    total = f" = {roll.value}" if roll.purpose in SUMMED else ""
    if roll.purpose in READ_AS_D3:
        total = f" (D3 = {d3(roll.value)})"
    return game.roll_text(event, total)


def _fields(game: AeonsGame, event: Event) -> dict[str, Any]:
    names = catalog_of(game).side_names
    data: dict[str, Any] = dict(event.data)
    ids = event.models
    data["a"] = game.label(ids[0]) if ids else ""
    data["b"] = game.label(ids[1]) if len(ids) > 1 else ""
    if "side" in data:
        data["side_name"] = names[data["side"]]
        data["side_name_of"] = names[data["side"]]
    if "winner" in data:
        winner = data["winner"]
        data["winner_name"] = "nobody" if winner is None else names[winner]
        data["outcome"] = (
            f"a draw, {data.get('reason', '')}"
            if winner is None
            else f"the {names[winner]} win, {data.get('reason', '')}"
        )
    for key in ("at", "to"):
        if key in data:
            data[f"{key}_text"] = f"{data[key][0]:g},{data[key][1]:g}"
    if "weapon" in data:
        data["weapon_name"] = catalog_of(game).weapon(data["weapon"]).name
    if "cover" in data:
        data["cover_text"] = "no cover" if data["cover"] == "none" else f"{data['cover']} cover"
    if "save" in data:
        data["save_text"] = f"save {data['save']}+" if data["save"] <= 6 else "no save"
    if "passed" in data:
        data["result"] = "passed" if data["passed"] else "failed"
    if "blows" in data:
        data["blow_text"] = ", and it blows up!" if data["blows"] else ""
    if "called" in data:
        data["mate_text"] = "comes to avenge it" if data["called"] else "stays away"
    if "comes" in data:
        data["back_up_text"] = "an Agent comes" if data["comes"] else "no one comes"
    if "situation" in data:
        data["situation_text"] = _situation(game, data["situation"])
    if "phobia" in data:
        data["phobia_name"] = data["phobia"].title()
        data["deed"] = PHOBIC[data["phobia"]]
    if "up" in data:
        data["direction"] = "up" if data["up"] else "down"
    if "picks" in data:
        data["deploy_text"] = "pick the edge and deploy first" if data["picks"] else "deploy first"
    if "quadrant" in data:
        table = catalog_of(game).quadrants
        data["area"] = "quadrant" if table is None else table.area
        data["area_title"] = data["area"].title()
    if event.kind == "queued":
        data["queue_text"] = ", ".join(game.label(m) for m in ids)
    if event.kind == "forced-to-break":
        data["left_text"] = ", ".join(game.label(m) for m in ids[1:])
    if event.kind == "bag-man":
        # The Lurkers' log withholds which model it is (R:1566).
        data["model_text"] = game.label(data["model"]) if "model" in data else "a model"
    return data


def _situation(game: AeonsGame, key: str) -> str:
    kind, _, source = key.partition(":")
    if kind == "removal":
        return f"seeing {game.label(source)} removed"
    if kind == "hideous":
        return f"the Hideous {game.label(source)} in base-to-base"
    if kind == "isolated":
        return "being alone among enemies"
    if kind == "scene":
        return "the Scene of Horror (notes §6 item 8)"
    if kind in ("fear", "terror"):
        return f"the {kind.title()} of {game.label(source)}"
    if kind == "winds":
        return f"the Fear of {game.label(source)}'s Whistling Winds"
    if kind == "beloved":
        return f"seeing its Animal {game.label(source)} removed"
    if kind == "fire":
        return f"the Fire of {game.label(source)} (Fire causes Fear, R:113)"
    if kind == "howl":
        return f"the howl of {game.label(source)}"
    if kind == "holy-book":
        return f"the Holy Book of {game.label(source)}"
    if kind == "haphephobia":
        return f"touching {game.label(source)} (Haphephobia)"
    if kind == "hemaphobia":
        return f"seeing {game.label(source)} removed (Hemaphobia)"
    if kind in PHOBIC:
        return f"its {kind.title()}"
    return "being the last of its side"
