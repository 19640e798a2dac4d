"""The assignment sources are not modules to import: pytest leaves them alone (the notebooks made from them are tested)."""

collect_ignore_glob = ["*.py"]
