FPTUTOR_LESSON_PATH="$top_srcdir/lessons" "$FPTUTOR" play overflow --answers class/class.csv
