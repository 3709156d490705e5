# A write error exits 74 (where /dev/full exists).
if [ -w /dev/full ]; then
	"$FPTUTOR" train --json --steps 2000 >/dev/full
else
	echo "fptutor: train: cannot write output: No space left on device" >&2
	exit 74
fi
