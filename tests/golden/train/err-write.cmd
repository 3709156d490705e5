# A write error exits 74 (where /dev/full exists); 20 steps write 17 KB,
# more than a buffer of it.
if [ -w /dev/full ]; then
	"$FPTUTOR" train --json --steps 20 >/dev/full
else
	echo "fptutor: train: cannot write output: No space left on device" >&2
	exit 74
fi
