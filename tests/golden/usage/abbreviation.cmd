# Long options are taken by their whole name only.
"$FPTUTOR" train --step 10
