"$FPTUTOR" calc --json=yes 1
