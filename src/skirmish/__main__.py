"""``python -m skirmish``: the same command line as the ``skirmish`` command."""

from skirmish.cli import main

main()
