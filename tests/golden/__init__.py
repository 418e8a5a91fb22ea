"""Golden game files and the script that writes them (see make.py)."""
