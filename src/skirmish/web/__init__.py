"""The web front door: ``skirmish serve`` plays, watches and replays games in a browser over a
JSON API (see ``docs/web.md``)."""
