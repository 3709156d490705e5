# A write error exits 74 (where /dev/full exists).
if [ -w /dev/full ]; then
	"$FPTUTOR" scaler --simulate 100000 --json >/dev/full
else
	echo "fptutor: scaler: cannot write output: No space left on device" >&2
	exit 74
fi
