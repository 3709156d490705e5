FPTUTOR_LESSON_PATH="$top_srcdir/lessons" "$FPTUTOR" grade overflow --class class/class.csv
