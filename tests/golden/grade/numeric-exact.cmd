# fp16's largest finite value is asked exactly: its spellings pass, a
# number that merely rounds to it in fp16 does not.
for a in 65504 65,504 6.5504e4 0xffe0 65519 65,5040; do
	echo "$a" | FPTUTOR_LESSON_PATH="$top_srcdir/lessons" "$FPTUTOR" grade anatomy-max
	echo "status $?"
done
