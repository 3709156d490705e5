FPTUTOR_LESSON_PATH="$top_srcdir/lessons" "$FPTUTOR" grade --class - --format csv
