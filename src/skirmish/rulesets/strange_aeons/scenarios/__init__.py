"""The Strange Aeons scenarios at the table (rules notes §2.14-§2.17, §3.15; R:1518-2063):
``book.py`` joins the scenario data to the Basic Scenarios' Lurker restrictions,
``selection.py`` rolls a scenario on the Basic or Advanced Scenario Table, ``deployment.py``
places a model by Random Deployment or the Free For All Deployment Table, ``loot.py`` rolls a
loot or effect table, and ``describe.py`` says each in words citing the book's lines. Playing
a scenario in a game needs the full ruleset and is not here."""
